"""SNBT as `data get` prints it, read with nbtlib on every release.

From 1.21.5 vanilla escapes control characters in the strings it prints (`\\n`, `\\t`, `\\b`,
`\\f`, `\\r`, any other below U+0020 as `\\x` and two hex digits: 1.21.11
`NbtString.appendEscaped` / `SnbtParsing.escapeSpecialChar`); up to 1.21.4 it prints them raw
(`StringTag.quoteAndEscape`). nbtlib knows only `\\\\` and the quotes, so a name or text with a
newline would make the whole inbox unreadable on 1.21.5+. These escapes are turned back into
the raw characters first, which nbtlib reads inside quotes (docs/vanilla-behaviour.md row S9).
"""

from __future__ import annotations

from typing import Any

import nbtlib
from nbtlib.literal.parser import Parser, tokenize

_SIMPLE = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r"}
_HEX = "0123456789abcdefABCDEF"


def raw_escapes(text: str) -> str:
    """The SNBT text with 1.21.5+'s control character escapes inside strings made raw again."""
    out: list[str] = []
    quote = ""
    i = 0
    while i < len(text):
        c = text[i]
        if not quote:
            quote = c if c in "\"'" else ""
            out.append(c)
        elif c == "\\" and i + 1 < len(text):
            e = text[i + 1]
            digits = text[i + 2:i + 4]
            if e in _SIMPLE:
                out.append(_SIMPLE[e])
            elif e == "x" and len(digits) == 2 and all(d in _HEX for d in digits) and int(digits, 16) < 0x20:
                out.append(chr(int(digits, 16)))
                i += 2
            else:  # \\ and the quotes: nbtlib's own
                out.append(c + e)
            i += 1
        else:
            quote = "" if c == quote else quote
            out.append(c)
        i += 1
    return "".join(out)


def parse(text: str) -> Any:
    """nbtlib's reading of SNBT printed by any supported release; raises what nbtlib raises."""
    return nbtlib.parse_nbt(raw_escapes(text))


def parse_first(text: str) -> Any:
    """The first SNBT value `text` begins with, whatever follows it (another reply joined to this one);
    raises what nbtlib raises when it begins with none."""
    return Parser(tokenize(raw_escapes(text))).parse()
