"""NBT tags as vanilla holds, copies and prints them (nbtlib 1.12 tags); vanilla's reader reads them.

Reading SNBT is `monopoli_mc.vanilla.snbt`'s alone (one grammar for the judge, the sandbox and the
bridge); `from_vanilla` turns what it reads into the tags here. This module models what a tag is
once read: lists of mixed types as vanilla writes them, `Tag.copy()` and java.util.HashMap's key
order, and every printed form (`data get`, Tag.toString, a macro's argument, quoting).
"""

from __future__ import annotations

import math
import re
import struct
from decimal import ROUND_HALF_EVEN, Decimal
from typing import Any

from nbtlib import (Byte, ByteArray, Compound, Double, Float, Int, IntArray, List, Long,
                    LongArray, Short, String)

from monopoli_mc.sandbox import versions
from monopoli_mc.vanilla.snbt import Arr, Num, Value

SIMPLE_KEY = re.compile(r"[A-Za-z0-9._+-]+")  # whole keys only (fullmatch): Java's matches()


class MixedList(List[Compound]):
    """A list of elements of several types (1.21.5+), held as vanilla writes it to disk: each element
    that is no compound wrapped in `{"": value}` (1.21.11 `NbtList.wrapIfNeeded`). Vanilla holds the
    elements themselves in memory (`unwrapAndAdd` on reading), so they print and are reached by a path
    unwrapped (`element`)."""


def element(container: Any, value: Any) -> Any:
    """An element of a list as vanilla holds it: a mixed list's wrapped element unwrapped."""
    if isinstance(container, MixedList) and isinstance(value, Compound) and list(value.keys()) == [""]:
        return value[""]
    return value


def make_list(items: list[Any]) -> List:
    """A list tag; mixed element types are wrapped in `{"": value}` (a MixedList) as vanilla writes them.

    Every list is one tag type (TAG_List) whatever it holds, so `[[{a:1}], []]` is a list of lists
    (1.20.5-1.21.4 `ListTag.updateType` compares `getId()`, 9 for every list).
    """
    kinds = {List if isinstance(i, List) else Compound if isinstance(i, Compound) else type(i) for i in items}
    if len(kinds) > 1:
        items = [i if isinstance(i, Compound) and list(i.keys()) != [""] else Compound({"": i}) for i in items]
        return MixedList(items)
    if not items:
        return List()
    if kinds == {List}:
        return List[List](items)
    return List[Compound](items) if kinds == {Compound} else List[type(items[0])](items)


def java_hash(s: str) -> int:
    """Java's String.hashCode."""
    h = 0
    for unit in s.encode("utf-16-le").hex(" ", 2).split():
        code = int.from_bytes(bytes.fromhex(unit), "little")
        h = (31 * h + code) & 0xFFFFFFFF
    return h


class CopiedCompound(Compound):
    """A compound that vanilla made by `CompoundTag.copy()`: its java.util.HashMap's table size is
    known (`capacity`), which decides the order its keys print in (ledger row S2)."""

    __slots__ = ("capacity",)

    def __init__(self, *args: Any, capacity: int = 16, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.capacity = capacity


DEFAULT_CAPACITY = 16


def _table_size_for(n: int) -> int:
    """HashMap.tableSizeFor: the power of two at or above n (at least 1)."""
    return 1 if n <= 1 else 1 << (n - 1).bit_length()


def sized_capacity(size: int) -> int:
    """The table of `new HashMap<>(map)` for a map of `size` entries (JDK 21 putMapEntries:
    `tableSizeFor(ceil(size / 0.75))`, JDK-8281631; an empty map gets the default 16 at its first put)."""
    return DEFAULT_CAPACITY if size == 0 else _table_size_for(math.ceil(size / 0.75))


def capacity_of(tag: Compound) -> int:
    """The table size a compound's map started with: a copy's own, else HashMap's default 16."""
    return getattr(tag, "capacity", DEFAULT_CAPACITY)


def java_order(keys: list[str], capacity: int = DEFAULT_CAPACITY) -> list[str]:
    """The iteration order of a java.util.HashMap holding `keys` (inserted in order) whose table
    started at `capacity` and doubled each time the keys passed three quarters of it."""
    cap = capacity
    while len(keys) > cap * 0.75:
        cap *= 2

    def bucket(k: str) -> int:
        h = java_hash(k)
        return (h ^ (h >> 16)) & (cap - 1)
    return sorted(keys, key=bucket)


def java_copy(tag: Any, version: str) -> Any:
    """`Tag.copy()` as the release does it: a compound's entries are put into a new map in the
    order the old one iterates, each value copied.

    1.20.5-1.21.4 `CompoundTag.copy`: `Maps.newHashMap(Maps.transformValues(tags, Tag::copy))`,
    `new HashMap<>(map)`, so the table is sized to the entries (`{a:1,d:2}` copied prints
    `{d: 2, a: 1}`). 1.21.11 `NbtCompound.copy`: `new HashMap<>()` and a put per entry (the default
    16). 1.21.5-1.21.10 are taken as 1.21.11 (unconfirmed; `doctor --deep` probe `hash_orders`).
    """
    if isinstance(tag, Compound):
        keys = java_order(list(tag.keys()), capacity_of(tag))
        sized = versions.key(version) < (1, 21, 5)
        return CopiedCompound(((k, java_copy(tag[k], version)) for k in keys),
                              capacity=sized_capacity(len(keys)) if sized else DEFAULT_CAPACITY)
    if isinstance(tag, ByteArray | IntArray | LongArray):
        return type(tag)(list(tag))
    if isinstance(tag, List):
        return make_list([java_copy(element(tag, v), version) for v in tag])
    return tag  # numbers and strings are immutable


def java_float(value: float, *, single: bool = False) -> str:
    """Java's Double.toString / Float.toString of a value."""
    if value != value:
        return "NaN"
    if value in (float("inf"), float("-inf")):
        return "Infinity" if value > 0 else "-Infinity"
    if single:
        packed = struct.pack(">f", value)
        for p in range(1, 10):
            text = f"{value:.{p}g}"
            if struct.pack(">f", float(text)) == packed:
                break
        value = float(text)
        digits = repr(value) if len(repr(value)) <= len(text) + 2 else text
    else:
        digits = repr(value)
    mag = abs(value)
    if mag == 0 or 1e-3 <= mag < 1e7:
        out = f"{float(digits):f}".rstrip("0") if "e" in digits.lower() else digits
        return out + "0" if out.endswith(".") else out if "." in out else out + ".0"
    mant, _, exp = f"{float(digits):e}".partition("e")
    sig = repr(float(digits)).lower().split("e")[0].replace(".", "").lstrip("-").lstrip("0")
    sig = sig.rstrip("0") or "0"
    sign = "-" if value < 0 else ""
    frac = sig[1:] or "0"
    return f"{sign}{sig[0]}.{frac}E{int(exp)}"


LATEST = "1.21.11"
_CONTROL = {"\b": "b", "\t": "t", "\n": "n", "\f": "f", "\r": "r"}
_STRICT_KEY = re.compile(r"[A-Za-z._][A-Za-z0-9._+-]*")


def quote(s: str, version: str = LATEST) -> str:
    """A string quoted as vanilla quotes it (1.21.4 StringTag.quoteAndEscape, 1.21.11 NbtString.escape).

    Double quotes, or single ones when the first quote character in the text is `"`; the chosen
    quote and `\\` are escaped; from 1.21.5 also control characters (SnbtParsing.escapeSpecialChar:
    `\\b \\t \\n \\f \\r`, any other below U+0020 as `\\x` and two upper-case hex digits:
    `HEX_FORMAT = HexFormat.of().withUpperCase()`, read in 1.21.11);
    up to 1.21.4 they are printed raw.
    """
    double, single = s.find('"'), s.find("'")
    q = "'" if double != -1 and (single == -1 or double < single) else '"'
    return q + s.translate(_ESCAPES[q, versions.escapes_controls(version)]) + q


def _escapes(q: str, controls: bool) -> dict[int, str]:
    """str.translate's table for `quote`: the quote and `\\`, and (from 1.21.5) the control characters."""
    table = {ord("\\"): "\\\\", ord(q): "\\" + q}
    if controls:
        table.update({n: "\\" + _CONTROL.get(chr(n), f"x{n:02X}") for n in range(32)})
    return table


_ESCAPES = {(q, controls): _escapes(q, controls) for q in "\"'" for controls in (False, True)}


_TYPE_NAMES = ((Byte, "BYTE"), (Short, "SHORT"), (Int, "INT"), (Long, "LONG"), (Float, "FLOAT"), (Double, "DOUBLE"),
               (ByteArray, "BYTE[]"), (IntArray, "INT[]"), (LongArray, "LONG[]"), (String, "STRING"),
               (List, "LIST"), (Compound, "COMPOUND"))


def type_name(tag: Any) -> str:
    """A tag's type as vanilla names it in errors (TagType.getName, 1.21.11 getCrashReportName)."""
    return next(name for kind, name in _TYPE_NAMES if isinstance(tag, kind))


def as_string(tag: Any, version: str) -> str:
    """Tag.getAsString, read in client1.21.4 (`DataCommands` `… string`, an nbt text component): a
    string tag's own text, any other tag as Tag.toString prints it in that release (1.21.5 and
    later not read here)."""
    return str(tag) if isinstance(tag, String) else show(tag, pretty=False, version=version)


def show(tag: Any, *, pretty: bool = True, version: str) -> str:
    """Print a tag as the release prints it: pretty is `data get` output (`{a: 1}`) with nothing
    folded, else Tag.toString (`{a:1}`), which is also what an error text quotes (ledger row M4).

    Tag.toString follows StringTagVisitor (1.21.11 StringNbtWriter): keys sorted (M2), no spaces.
    The release is never assumed: 1.21.4 and 1.21.5+ quote keys and strings differently.
    """
    if pretty:
        return _pretty(tag, 0, lists=False, arrays=False, version=version)
    if isinstance(tag, Compound):
        keys = sorted(tag.keys(), key=_java_string_order)
        return "{" + ",".join(_plain_key(k, version) + ":" + show(tag[k], pretty=False, version=version)
                              for k in keys) + "}"
    if isinstance(tag, ByteArray | IntArray | LongArray):
        letter, suffix = _ARRAYS[type(tag)]
        return f"[{letter};" + ",".join(f"{int(v)}{suffix}" for v in tag) + "]"
    if isinstance(tag, list):
        return "[" + ",".join(show(element(tag, v), pretty=False, version=version) for v in tag) + "]"
    return scalar(tag, version)


def _plain_key(k: str, version: str) -> str:
    """A key in Tag.toString: from 1.21.5 (read in 1.21.11 StringNbtWriter.appendKey) bare only when
    it starts with a letter, `.` or `_` and is not true/false; before, as `data get` has it (M2)."""
    if not versions.strict_plain_keys(version):
        return _key(k, version)
    bare = _STRICT_KEY.fullmatch(k) and k.lower() not in ("true", "false")
    return k if bare else quote(k, version)


def _java_string_order(s: str) -> bytes:
    """Java's String.compareTo order: by UTF-16 code units."""
    return s.encode("utf-16-be", "surrogatepass")


# `data get` prints through TextComponentTagVisitor (NbtUtils.toPrettyComponent, no indentation).
# Its limits, read in client1.20.5 ... client1.21.4 of extremeheat/extracted_minecraft_data and in
# the 1.21.7 and 1.21.11 decompiled sources: MAX_DEPTH 64 (visitList/visitCompound print a
# non-empty list or compound 64 levels down as `[<...>]`/`{<...>}`, every release) and MAX_LENGTH
# 128 (the elements printed of a list, 1.21-1.21.4, and of an array, 1.21 on; see versions.py).
FOLD_AT = 128
MAX_DEPTH = 64
FOLDED = "<...>"
_ARRAYS = {ByteArray: ("B", "B"), IntArray: ("I", ""), LongArray: ("L", "L")}


def pretty(tag: Any, version: str) -> str:
    """The text `data get` prints for a tag on this release, folded where that release folds."""
    return _pretty(tag, 0, lists=versions.folds_lists(version), arrays=versions.folds_arrays(version),
                   version=version)


def _key(k: str, version: str = LATEST) -> str:
    return k if SIMPLE_KEY.fullmatch(k) else quote(k, version)  # handleEscapePretty


def _pretty(tag: Any, depth: int, *, lists: bool, arrays: bool, version: str) -> str:
    if isinstance(tag, Compound):
        if not tag:
            return "{}"
        if depth >= MAX_DEPTH:
            return "{" + FOLDED + "}"
        keys = java_order(list(tag.keys()), capacity_of(tag))
        return "{" + ", ".join(_key(k, version) + ": "
                               + _pretty(tag[k], depth + 1, lists=lists, arrays=arrays, version=version)
                               for k in keys) + "}"
    if isinstance(tag, ByteArray | IntArray | LongArray):
        letter, suffix = _ARRAYS[type(tag)]
        cut = arrays and len(tag) > FOLD_AT
        shown = list(tag)[:FOLD_AT] if cut else list(tag)
        # each element is " " + value, the separator a bare ",", so the fold follows it unspaced
        return f"[{letter};" + ",".join(f" {int(v)}{suffix}" for v in shown) + ("," + FOLDED if cut else "") + "]"
    if isinstance(tag, list):
        if not tag:
            return "[]"
        if depth >= MAX_DEPTH:
            return "[" + FOLDED + "]"
        cut = lists and len(tag) > FOLD_AT
        parts = [_pretty(element(tag, v), depth + 1, lists=lists, arrays=arrays, version=version)
                 for v in (tag[:FOLD_AT] if cut else tag)]
        return "[" + ", ".join(parts + ([FOLDED] if cut else [])) + "]"
    return scalar(tag, version)


def scalar(tag: Any, version: str = LATEST) -> str:
    """Print a number or string tag."""
    if isinstance(tag, String):
        return quote(str(tag), version)
    if isinstance(tag, Byte):
        return f"{int(tag)}b"
    if isinstance(tag, Short):
        return f"{int(tag)}s"
    if isinstance(tag, Long):
        return f"{int(tag)}L"
    if isinstance(tag, Float):
        return java_float(float(tag), single=True) + "f"
    if isinstance(tag, Double):
        return java_float(float(tag)) + "d"
    if isinstance(tag, Int):
        return str(int(tag))
    return quote(str(tag), version)


def macro_text(tag: Any, version: str = LATEST) -> str:
    """How a macro argument is pasted into a `$` line (1.21.4 MacroFunction.stringify, 1.21.11 Macro.toString).

    Floats and doubles go through `DecimalFormat("#")` with 15 fraction digits (`decimal_format`),
    whole numbers without their suffix, a string as its raw text, anything else as Tag.toString
    (ledger row M1; read in client1.20.5, client1.21.4 and 1.21.11: the same on every release).
    """
    if isinstance(tag, String):
        return str(tag)
    if isinstance(tag, Float):
        return decimal_format(struct.unpack(">f", struct.pack(">f", float(tag)))[0])
    if isinstance(tag, Double):
        return decimal_format(float(tag))
    if isinstance(tag, Byte | Short | Int | Long):
        return str(int(tag))
    return show(tag, pretty=False, version=version)


def decimal_format(value: float) -> str:
    """Java's `new DecimalFormat("#")` with 15 fraction digits: `2.5`, `1`, `.5`, `10000000`.

    The pattern `#` asks for no integer digit, so 0.5 prints `.5` (a lone zero prints `0`); digits
    are the shortest ones that read back as the double (as Java's DigitList takes them), rounded
    half-even at the 15th fraction digit.
    """
    if value != value:
        return "NaN"
    negative = value < 0 or (value == 0 and math.copysign(1.0, value) < 0)
    if math.isinf(value):
        return ("-" if negative else "") + "\u221e"
    digits = Decimal(repr(abs(value))).quantize(Decimal(1).scaleb(-15), rounding=ROUND_HALF_EVEN)
    whole, _, frac = format(digits, "f").partition(".")
    whole, frac = whole.lstrip("0"), frac.rstrip("0")
    if not whole and not frac:
        whole = "0"
    return ("-" if negative else "") + whole + ("." + frac if frac else "")


_NUMBERS: dict[str, Any] = {"byte": Byte, "short": Short, "int": Int, "long": Long, "double": Double}
_ARRAY_KINDS: dict[str, Any] = {"byte": ByteArray, "int": IntArray, "long": LongArray}


def from_vanilla(value: Value) -> Any:
    """A value read by `monopoli_mc.vanilla.snbt` (dict, list, str, Num, Arr) as nbtlib tags; a float
    rounded to the nearest float, as Float.parseFloat reads it (Infinity past Float.MAX_VALUE)."""
    if isinstance(value, dict):
        return Compound({k: from_vanilla(v) for k, v in value.items()})
    if isinstance(value, list):
        return make_list([from_vanilla(v) for v in value])
    if isinstance(value, Num):
        if value.kind == "float":
            return Float(_float32(float(value.value)))
        return _NUMBERS[value.kind](value.value)
    if isinstance(value, Arr):
        return _ARRAY_KINDS[value.kind](list(value.values))
    return String(value)


def _float32(value: float) -> float:
    if value != value:
        return value
    try:
        return float(struct.unpack(">f", struct.pack(">f", value))[0])
    except OverflowError:
        return math.copysign(math.inf, value)
