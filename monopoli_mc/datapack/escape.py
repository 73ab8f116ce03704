"""The one escaper per context through which all text enters a command.

Contexts: a JSON string (text components before 1.21.5), an SNBT string (NBT
values and text components from 1.21.5), a player name in a selector position,
and a macro argument that lands inside a quoted string of a function template.
Nothing else may paste user text into a command.
"""

from __future__ import annotations

import json
import re

from monopoli_mc.errors import MonopoliError
from monopoli_mc.limits import SCORE_MAX

# What vanilla reads as a name in a selector position (brigadier's unquoted string, at most 16):
# Java names are [A-Za-z0-9_], and Bedrock players through Floodgate are `.Robin`.
_PLAYER = re.compile(r"[A-Za-z0-9_.+-]{1,16}")
_BY_NAME = re.compile(r'@a\[name="(?:[^"\\\x00-\x1f\x7f-\x9f\u2028\u2029]|\\["\\])*"\]')  # by_name's selector
_BROADCAST = ("@a",)
TABLE = "monopoli.table"  # the pack's score of the board a player is seated at (1, 2, ...)
_TABLE = re.compile(r"@a\[scores=\{monopoli\.table=[1-9][0-9]{0,9}\}\]")
# What snbt_string must look at: quotes and backslashes, `$` (of `$(`), line-breaking characters, lone surrogates.
_SNBT_SPECIAL = re.compile(r'[\\"$\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]')
_SHORT_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r"}


def _clean(text: str) -> str:
    """Lone surrogates cannot be written as UTF-8: replace them with U+FFFD."""
    return text.encode("utf-8", "replace").decode("utf-8") if _has_surrogate(text) else text


def _has_surrogate(text: str) -> bool:
    return any("\ud800" <= ch <= "\udfff" for ch in text)


def _is_line_breaking(ch: str) -> bool:
    """Control characters and Unicode line separators: never raw inside a function line."""
    code = ord(ch)
    return code < 0x20 or 0x7F <= code <= 0x9F or ch in "\u2028\u2029"


def json_string(text: str, *, ascii_only: bool = True) -> str:
    """A JSON string literal (quotes included) for JSON text components.

    ASCII only by default, so it is safe in a function file; `ascii_only=False`
    keeps other characters as they are (shorter, for macro arguments over RCON).
    A `$(` is written `\\u0024(`, so no macro line ever takes text for a variable.
    """
    return json.dumps(_clean(text), ensure_ascii=ascii_only).replace("$(", "\\u0024(")


def snbt_string(text: str, *, modern: bool) -> str:
    """A double-quoted SNBT string literal.

    From 1.21.5 (`modern`) SNBT knows escapes such as `\\n` and `\\uXXXX`; before,
    only `\\\\` and `\\"` exist, so line-breaking characters become spaces. From 1.21.5 a
    `$(` is written `\\u0024(`, so no macro line takes text for a variable; before, SNBT
    has no such escape, and text in a macro line must be JSON (`json_string`) instead.
    """
    if not _SNBT_SPECIAL.search(text):  # most text: nothing to escape, no character to check one by one
        return f'"{text}"'
    out = ['"']
    clean = _clean(text)
    for i, ch in enumerate(clean):
        if ch in ('\\', '"'):
            out.append("\\" + ch)
        elif modern and ch == "$" and clean[i + 1:i + 2] == "(":
            out.append("\\u0024")
        elif not _is_line_breaking(ch):
            out.append(ch)
        elif not modern:
            out.append(" ")
        elif ch in _SHORT_ESCAPES:
            out.append(_SHORT_ESCAPES[ch])
        else:
            out.append(f"\\u{ord(ch):04x}")
    out.append('"')
    return "".join(out)


def player_name(name: str) -> str:
    """A player name for a selector position; refuses anything a vanilla name cannot be."""
    if not isinstance(name, str) or not _PLAYER.fullmatch(name):
        raise MonopoliError(f"not a player name: {name!r}")
    return name


def is_player_name(name: str) -> bool:
    """Whether a name can stand in a command's entity argument as it is (unquoted)."""
    return bool(_PLAYER.fullmatch(name))


def by_name(name: str) -> str | None:
    """A selector of the player of this name, whatever it holds: `@a[name="Robin!"]`; None for a name
    with a line-breaking character (no function line can carry it).

    A UUID will not do where only players are allowed (tellraw, title): vanilla's
    `EntityArgument.parse` refuses a selector that `includesEntities` (a UUID sets it in
    `EntitySelectorParser.parseNameOrUUID`), "argument.player.entities". The `name` option
    reads a quoted string (`EntitySelectorOptions`, "name": `readString`) and compares it
    with the player's name exactly (1.20.5 to 1.21.11)."""
    if any(_is_line_breaking(ch) for ch in name) or _has_surrogate(name):
        return None
    return f"@a[name={snbt_string(name, modern=False)}]"  # brigadier's quoted string: only \\ and \" escape


def target(name: str) -> str:
    """A player name, `@a` for everyone, the players seated at a board (`table_players`), or one player
    by a name no command can carry as it is (`by_name`)."""
    if name in _BROADCAST or _TABLE.fullmatch(name) or _BY_NAME.fullmatch(name):
        return name
    return player_name(name)


def table_players(number: int) -> str:
    """The selector of the players seated at the board-th board (the pack's `monopoli.table` score)."""
    if not isinstance(number, int) or not 1 <= number <= SCORE_MAX:
        raise MonopoliError(f"not a board number: {number!r}")
    return f"@a[scores={{{TABLE}={number}}}]"


def macro_text(text: str, *, modern: bool) -> str:
    """The SNBT value of a macro argument that lands inside `"$(arg)"` in a text component.

    Vanilla pastes the raw string into the template, so the value is escaped twice:
    once for the string in the template (SNBT from 1.21.5, JSON before), once as
    the SNBT string of the macro compound.
    """
    if modern:
        inner = snbt_string(text, modern=True)[1:-1]
    else:
        inner = json_string(text, ascii_only=False)[1:-1]
    return snbt_string(inner, modern=modern)
