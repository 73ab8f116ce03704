"""SNBT as `data get` prints it, read with nbtlib on every release.

From 1.21.5 vanilla escapes control characters in the strings it prints (`\\n`, `\\t`, `\\b`,
`\\f`, `\\r`, any other below U+0020 as `\\x` and two hex digits: 1.21.11
`NbtString.appendEscaped` / `SnbtParsing.escapeSpecialChar`); up to 1.21.4 it prints them raw
(`StringTag.quoteAndEscape`). nbtlib knows only `\\\\` and the quotes, so a name or text with a
newline would make the whole inbox unreadable on 1.21.5+. These escapes are turned back into
the raw characters first, which nbtlib reads inside quotes (docs/vanilla-behaviour.md row S9).

`data get` also folds what it will not print (rows S5-S7): a list or compound 64 levels down is
`[<...>]` / `{<...>}`, and a long list or array ends in `, <...>` / `,<...>`. nbtlib knows no `<`,
so one entry nested that deep (written from the console or another pack) would make the whole
listing unreadable and stall every board. Each fold is read as what it stands for instead: a
folded list as `["<...>"]`, a folded compound as `{"<...>": "<...>"}`, a cut tail as nothing, so the
entry around it reads as it is (and, without a whole seq and kind, is passed as any other).
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


FOLDED = "<...>"
_FOLDS = (("[" + FOLDED + "]", '["' + FOLDED + '"]'), ("{" + FOLDED + "}", '{"' + FOLDED + '": "' + FOLDED + '"}'),
          (", " + FOLDED + "]", "]"), ("," + FOLDED + "]", "]"))


def unfolded(text: str) -> str:
    """The SNBT text with `data get`'s folds (outside strings) made readable, as the module says."""
    if FOLDED not in text:
        return text
    out: list[str] = []
    quote = ""
    i = 0
    while i < len(text):
        c = text[i]
        if quote:
            if c == "\\" and i + 1 < len(text):
                out.append(text[i:i + 2])
                i += 2
                continue
            quote = "" if c == quote else quote
        elif c in "\"'":
            quote = c
        else:
            fold = next(((shown, read) for shown, read in _FOLDS if text.startswith(shown, i)), None)
            if fold is not None:
                out.append(fold[1])
                i += len(fold[0])
                continue
        out.append(c)
        i += 1
    return "".join(out)


def parse(text: str) -> Any:
    """nbtlib's reading of SNBT printed by any supported release; raises what nbtlib raises."""
    return nbtlib.parse_nbt(unfolded(raw_escapes(text)))


def parse_first(text: str) -> Any:
    """The first SNBT value `text` begins with, whatever follows it (another reply joined to this one);
    raises what nbtlib raises when it begins with none."""
    return Parser(tokenize(unfolded(raw_escapes(text)))).parse()
