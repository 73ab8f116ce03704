"""SNBT as `data get` prints it, read back by the one SNBT reader (`vanilla.snbt`) on every release.

What a release prints, every release's reader of the 1.21.5+ grammar takes (docs/vanilla-behaviour.md
row S9): from 1.21.5 the strings escape control characters (`\\n`, `\\t`, `\\b`, `\\f`, `\\r`, any
other below U+0020 as `\\x` and two hex digits: 1.21.11 `NbtString.appendEscaped` /
`SnbtParsing.escapeSpecialChar`), up to 1.21.4 they hold them raw (`StringTag.quoteAndEscape`),
and both grammars' quoted strings take raw characters; lists of mixed types (1.21.5+) are the new
grammar's; `NaNd` and `Infinityf`, which a tag may hold and no command may write, are read as the
numbers they print (`Reader.printed`).

Two things of the printed form are not SNBT at all, and are turned into SNBT first, as text:
`data get` folds what it will not print (rows S5-S7): a list or compound 64 levels down is
`[<...>]` / `{<...>}`, and a long list or array ends in `, <...>` / `,<...>`. One entry nested that
deep (written from the console or another pack) must not make the whole listing unreadable and
stall every board, so each fold is read as what it stands for: a folded list as `["<...>"]`, a
folded compound as `{"<...>": "<...>"}`, a cut tail as nothing, so the entry around it reads as it
is (and, without a whole seq and kind, is passed as any other).

Values are the reader's: dict, list, str, `Num`, `Arr` (`plain` makes them plain Python).
"""

from __future__ import annotations

import math
import re

from monopoli_mc.vanilla.data import load
from monopoli_mc.vanilla.reader import Reader, Refusal
from monopoli_mc.vanilla.releases import DEFAULT
from monopoli_mc.vanilla.snbt import Arr, Num, Value, plain, read_value

FOLDED = "<...>"
_FOLDS = (("[" + FOLDED + "]", '["' + FOLDED + '"]'), ("{" + FOLDED + "}", '{"' + FOLDED + '": "' + FOLDED + '"}'),
          (", " + FOLDED + "]", "]"), ("," + FOLDED + "]", "]"))
_SIMPLE_KEY = re.compile(r"[A-Za-z0-9._+-]+")

__all__ = ["FOLDED", "Refusal", "plain", "read", "read_first", "show", "unfolded"]


def unfolded(text: str) -> str:
    """The printed text with `data get`'s folds (outside strings) made readable, as the module says."""
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


def _reader(text: str) -> Reader:
    return Reader(unfolded(text), load(DEFAULT), printed=True)


def read(text: str) -> Value:
    """The one value `text` prints, whole; raises Refusal (vanilla's words and where) when it is not one."""
    r = _reader(text)
    value = read_value(r)
    r.skip_ws()
    if r.can_read():
        raise r.error("argument.nbt.trailing")
    return value


def read_first(text: str) -> Value:
    """The first value `text` begins with, whatever follows it (another reply joined to this one);
    raises Refusal when it begins with none."""
    return read_value(_reader(text))


_SUFFIX = {"byte": "b", "short": "s", "int": "", "long": "L", "float": "f", "double": "d"}


def show(value: Value) -> str:
    """A value printed back in `data get`'s form, to quote it to a person (keys in their order)."""
    if isinstance(value, dict):
        return "{" + ", ".join((k if _SIMPLE_KEY.fullmatch(k) else _quoted(k)) + ": " + show(v)
                               for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(show(v) for v in value) + "]"
    if isinstance(value, Arr):
        letter = value.kind[0].upper()
        suffix = {"byte": "B", "int": "", "long": "L"}[value.kind]
        return f"[{letter};" + ",".join(f" {v}{suffix}" for v in value.values) + "]"
    if isinstance(value, Num):
        number = value.value
        if value.is_integer:
            text = str(int(number))
        elif math.isnan(number) or math.isinf(number):
            text = "NaN" if math.isnan(number) else ("-" if number < 0 else "") + "Infinity"
        else:
            text = repr(float(number))
        return text + _SUFFIX[value.kind]
    return _quoted(str(value))


def _quoted(s: str) -> str:
    quote = "'" if '"' in s and "'" not in s else '"'
    return quote + s.replace("\\", "\\\\").replace(quote, "\\" + quote) + quote
