"""pack.mcmeta as the server reads it: the `pack` section, its description and its formats.

Before 1.21.9 a pack states `pack_format` (and may widen it with `supported_formats`); from
1.21.9 it states `min_format` and `max_format` (a number or [major, minor]), and still
`pack_format` when it claims formats below 82 (a bare `pack_format` is still read as that one
format, every minor of it). A pack whose range misses the server's format
is incompatible; a file that does not parse is no pack at all.
"""

from __future__ import annotations

import json
from typing import Any

from monopoli_mc.vanilla.data import Vanilla
from monopoli_mc.vanilla.text import Invalid, TextCheck

Format = tuple[int, int]


def _format(value: Any, where: str, problems: list[str], *, upper: bool = False) -> Format | None:
    """A format as (major, minor): a bare major means every minor of it at the upper end."""
    whole = 2**31 - 1 if upper else 0
    if isinstance(value, int) and not isinstance(value, bool):
        return (value, whole)
    if (isinstance(value, list) and 1 <= len(value) <= 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        return (value[0], value[1] if len(value) == 2 else whole)
    problems.append(f"{where}: not a format number or [major, minor]: {value!r}")
    return None


def check_mcmeta(raw: bytes, mc: Vanilla, server: Format) -> list[str]:
    """What keeps the server from loading this pack.mcmeta for its format; [] when it loads."""
    try:
        meta = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        return [f"pack.mcmeta is not JSON: {e}"]
    pack = meta.get("pack") if isinstance(meta, dict) else None
    if not isinstance(pack, dict):
        return ["pack.mcmeta has no \"pack\" object"]
    problems: list[str] = []
    if "description" not in pack:
        problems.append("pack: no description")
    else:
        try:
            TextCheck(mc, modern=False).component(pack["description"])
        except Invalid as e:
            problems.append(f"pack: description is not a text component: {e}")
    if mc.at_least(1, 21, 9) and ("min_format" in pack or "max_format" in pack):
        lo = _format(pack.get("min_format"), "min_format", problems)
        hi = _format(pack.get("max_format"), "max_format", problems, upper=True)
        if lo is not None and hi is not None:
            if lo > hi:
                problems.append(f"min_format {lo} is above max_format {hi}")
            if lo[0] < 82 and "pack_format" not in pack:
                problems.append("formats below 82 need pack_format too")
            if not lo <= server <= hi:
                problems.append(f"formats {lo}..{hi} do not include the server's {server}")
        return problems
    fmt = pack.get("pack_format")
    if not isinstance(fmt, int) or isinstance(fmt, bool):
        problems.append("pack: no pack_format number")
        return problems
    lo_hi = (fmt, fmt)
    supported = pack.get("supported_formats")
    if isinstance(supported, int):
        lo_hi = (min(fmt, supported), max(fmt, supported))
    elif isinstance(supported, list) and len(supported) == 2:
        lo_hi = (supported[0], supported[1])
    elif isinstance(supported, dict):
        lo_hi = (supported.get("min_inclusive", fmt), supported.get("max_inclusive", fmt))
    if not lo_hi[0] <= server[0] <= lo_hi[1]:
        problems.append(f"pack_format {fmt} does not include the server's {server[0]}")
    return problems


def check_function_tag(raw: bytes) -> list[str]:
    """A function tag: {"values": [id or {"id", "required"}], "replace"?: bool}."""
    try:
        tag = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        return [f"not JSON: {e}"]
    if not isinstance(tag, dict) or not isinstance(tag.get("values"), list):
        return ["no \"values\" list"]
    problems = []
    for v in tag["values"]:
        ident = v.get("id") if isinstance(v, dict) else v
        if not isinstance(ident, str):
            problems.append(f"a value is not an id: {v!r}")
    if "replace" in tag and not isinstance(tag["replace"], bool):
        problems.append("replace is not a boolean")
    return problems
