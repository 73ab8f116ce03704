"""SNBT as the server's TagParser reads it: the old grammar before 1.21.5, the new one after.

Values come back as plain Python: dict, list, str, and `Num`/`Arr` for typed numbers, so the
component and item checks can tell a string from a byte.
"""

from __future__ import annotations

import math
import re
import struct
import unicodedata
from dataclasses import dataclass
from typing import Any

from monopoli_mc.vanilla.reader import UNQUOTED, Reader, Refusal


@dataclass(frozen=True)
class Num:
    """A number tag: kind is byte, short, int, long, float or double."""

    kind: str
    value: float

    @property
    def is_integer(self) -> bool:
        """byte, short, int or long."""
        return self.kind in ("byte", "short", "int", "long")


@dataclass(frozen=True)
class Arr:
    """A typed array: [B;…], [I;…], [L;…]."""

    kind: str
    values: tuple[int, ...]


Value = object  # dict | list | str | Num | Arr
_I = re.IGNORECASE
_OLD = [("float", re.compile(r"[-+]?(?:[0-9]+[.]?|[0-9]*[.][0-9]+)(?:e[-+]?[0-9]+)?f", _I)),
        ("byte", re.compile(r"[-+]?(?:0|[1-9][0-9]*)b", _I)),
        ("long", re.compile(r"[-+]?(?:0|[1-9][0-9]*)l", _I)),
        ("short", re.compile(r"[-+]?(?:0|[1-9][0-9]*)s", _I)),
        ("int", re.compile(r"[-+]?(?:0|[1-9][0-9]*)", _I)),
        ("double", re.compile(r"[-+]?(?:[0-9]+[.]?|[0-9]*[.][0-9]+)(?:e[-+]?[0-9]+)?d", _I)),
        ("double!", re.compile(r"[-+]?(?:[0-9]+[.]|[0-9]*[.][0-9]+)(?:e[-+]?[0-9]+)?", _I))]
_BITS = {"byte": 7, "short": 15, "int": 31, "long": 63}
_NEW_INT = re.compile(r"([-+]?)(0x[0-9a-f_]+|0b[01_]+|[0-9_]+)([su]?[bsil])?$", _I)
_NEW_FLOAT = re.compile(r"[-+]?(?:[0-9_]+\.[0-9_]*|\.[0-9_]+|[0-9_]+)(?:e[-+]?[0-9_]+)?([fd])?$", _I)
# Double.toString / Float.toString of what a tag may hold and `data get` prints, but no command reads
_NON_FINITE = {sign + word + suffix: Num(kind, float(sign + word.lower().replace("infinity", "inf")))
               for sign in ("", "-") for word in ("NaN", "Infinity") for suffix, kind in (("d", "double"), ("f", "float"))
               if not (sign and word == "NaN")}
_ESCAPES = {"b": "\b", "s": " ", "t": "\t", "n": "\n", "f": "\f", "r": "\r", "\\": "\\", "'": "'", '"': '"'}


def read_value(r: Reader) -> Value:
    """TagParser.readValue: any tag."""
    r.skip_ws()
    if not r.can_read():
        raise r.error("argument.nbt.expected.value")
    c = r.peek()
    if c == "{":
        return read_compound(r)
    if c == "[":
        return _list(r)
    return _typed(r)


def read_compound(r: Reader) -> dict[str, Value]:
    """TagParser.readStruct: `{key:value,…}`."""
    _expect(r, "{")
    out: dict[str, Value] = {}
    r.skip_ws()
    while r.can_read() and r.peek() != "}":
        start = r.cursor
        r.skip_ws()
        if not r.can_read():
            raise r.error("argument.nbt.expected.key")
        quoted = r.peek() in "\"'"
        key = _string(r) if quoted else r.read_unquoted()
        if not key and not (quoted and r.mc.snbt_text):
            r.cursor = start
            raise r.error("argument.nbt.expected.key")
        _expect(r, ":")
        out[key] = read_value(r)
        if not _separator(r):
            break
        if not r.can_read():
            raise r.error("argument.nbt.expected.key")
    _expect(r, "}")
    return out


def _expect(r: Reader, c: str) -> None:
    r.skip_ws()
    r.expect(c)


def _separator(r: Reader) -> bool:
    r.skip_ws()
    if r.can_read() and r.peek() == ",":
        r.skip()
        r.skip_ws()
        return True
    return False


def _list(r: Reader) -> Value:
    if r.can_read(3) and r.peek(1) not in "\"'" and r.peek(2) == ";":
        return _array(r)
    _expect(r, "[")
    r.skip_ws()
    if not r.can_read():
        raise r.error("argument.nbt.expected.value")
    out: list[Value] = []
    kind = ""
    while r.peek() != "]":
        start = r.cursor
        value = read_value(r)
        if not r.mc.snbt_text:
            this = type_name(value)
            if kind and this != kind:
                r.cursor = start
                raise r.error("argument.nbt.list.mixed", this, kind)
            kind = this
        out.append(value)
        if not _separator(r):
            break
        if not r.can_read():
            raise r.error("argument.nbt.expected.value")
    _expect(r, "]")
    return out


def _array(r: Reader) -> Arr:
    _expect(r, "[")
    start = r.cursor
    c = r.read()
    r.read()
    r.skip_ws()
    if not r.can_read():
        raise r.error("argument.nbt.expected.value")
    kinds = {"B": "byte", "I": "int", "L": "long"}
    if c not in kinds:
        r.cursor = start
        raise r.error("argument.nbt.array.invalid", c)
    values: list[int] = []
    while r.peek() != "]":
        at = r.cursor
        value = read_value(r)
        if not isinstance(value, Num) or not value.is_integer or (
                not r.mc.snbt_text and value.kind != kinds[c]):
            r.cursor = at
            raise r.error("argument.nbt.array.mixed", type_name(value), f"{kinds[c]} array")
        values.append(int(value.value))
        if not _separator(r):
            break
        if not r.can_read():
            raise r.error("argument.nbt.expected.value")
    _expect(r, "]")
    return Arr(kinds[c], tuple(values))


def _typed(r: Reader) -> Value:
    r.skip_ws()
    start = r.cursor
    if r.peek() in "\"'":
        return _string(r)
    s = r.read_unquoted()
    if not s:
        r.cursor = start
        raise r.error("argument.nbt.expected.value")
    if r.printed and s in _NON_FINITE:
        return _NON_FINITE[s]
    if r.mc.snbt_text:
        return _new_token(r, s, start)
    return _old_token(s)


def _string(r: Reader) -> str:
    if not r.mc.snbt_text:
        return r.read_quoted()
    quote = r.read()
    out: list[str] = []
    while r.can_read():
        c = r.read()
        if c == quote:
            return "".join(out)
        if c != "\\":
            out.append(c)
            continue
        if not r.can_read():
            break
        e = r.read()
        if e in _ESCAPES:
            out.append(_ESCAPES[e])
        elif e in "xuU":
            n = {"x": 2, "u": 4, "U": 8}[e]
            digits = r.text[r.cursor:r.cursor + n]
            if len(digits) != n or any(d not in "0123456789abcdefABCDEF" for d in digits):
                raise r.error("snbt.parser.expected_hex_escape", n)
            r.skip(n)
            out.append(chr(int(digits, 16)))
        elif e == "N" and r.peek() == "{":
            end = r.text.find("}", r.cursor)
            try:
                if end < 0:  # no closing brace: no name (and never back to the start of the text)
                    raise KeyError(e)
                out.append(unicodedata.lookup(r.text[r.cursor + 1:end]))
            except KeyError:
                raise r.error("snbt.parser.invalid_character_name") from None
            r.cursor = end + 1
        else:
            r.cursor -= 1
            raise r.error("parsing.quote.escape", e)
    raise r.error("parsing.quote.expected.end")


def _old_token(s: str) -> Value:
    for kind, pattern in _OLD:
        if pattern.fullmatch(s):
            kind = kind.rstrip("!")
            body = s if kind in ("int",) or pattern is _OLD[-1][1] else s[:-1]
            if kind in _BITS:
                v = int(body)
                if not -(1 << _BITS[kind]) <= v < (1 << _BITS[kind]):
                    return s  # NumberFormatException: the server keeps it as a string
                return Num(kind, v)
            return Num(kind, float(body))
    if s.lower() == "true":
        return Num("byte", 1)
    if s.lower() == "false":
        return Num("byte", 0)
    return s


_PLAIN_INT = re.compile(r"(-?(?:0|[1-9][0-9]*))([bslBSL]?)")
_KINDS = {"": "int", "b": "byte", "B": "byte", "s": "short", "S": "short", "l": "long", "L": "long"}


def _new_token(r: Reader, s: str, start: int) -> Value:
    plain = _PLAIN_INT.fullmatch(s)  # the common case, `12`, `-3b`, `7L`: read at once when in range
    if plain is not None:
        kind = _KINDS[plain.group(2)]
        whole = int(plain.group(1))
        if -(1 << _BITS[kind]) <= whole < (1 << _BITS[kind]):
            return Num(kind, whole)
    if s == "true":
        return Num("byte", 1)
    if s == "false":
        return Num("byte", 0)
    m = _NEW_INT.match(s)
    if m and not (m.group(2).lower().startswith("0x") and m.group(3) and m.group(3)[-1].lower() == "b"
                  and not m.group(3)[:1].lower() in "su"):
        return _new_int(r, m, start)
    m2 = _NEW_FLOAT.match(s)
    if m2 and any(ch.isdigit() for ch in s):
        body = s[:-1] if m2.group(1) else s
        if body.startswith("_") or body.endswith("_") or "._" in body or "_." in body:
            r.cursor = start
            raise r.error("snbt.parser.undescore_not_allowed")
        kind = "float" if (m2.group(1) or "").lower() == "f" else "double"
        value = float(body.replace("_", ""))
        if not _finite(value, single=kind == "float"):  # parseFiniteFloat/parseFiniteDouble (1.21.11)
            r.cursor = start
            raise r.error("snbt.parser.infinity_not_allowed")
        return Num(kind, value)
    if s[0] in "0123456789+-":
        r.cursor = start
        raise r.error("snbt.parser.invalid_unquoted_start")
    if r.can_read() and r.peek() == "(" and s in ("bool", "uuid"):
        return _operation(r, s)
    return s


def _finite(value: float, *, single: bool) -> bool:
    """Whether Double.parseDouble (or Float.parseFloat, rounding to a float) gives a finite number."""
    if single:
        try:
            struct.pack(">f", value)
        except OverflowError:
            return False
    return math.isfinite(value)


def _new_int(r: Reader, m: re.Match[str], start: int) -> Num:
    sign, digits, suffix = m.group(1), m.group(2), (m.group(3) or "").lower()
    if digits.startswith("_") or digits.endswith("_"):
        r.cursor = start
        raise r.error("snbt.parser.undescore_not_allowed")
    clean = digits.replace("_", "")
    base = 16 if clean.lower().startswith("0x") else 2 if clean.lower().startswith("0b") else 10
    if base == 10 and len(clean) > 1 and clean.startswith("0"):
        r.cursor = start
        raise r.error("snbt.parser.leading_zero_not_allowed")
    value = int(clean[2:] if base != 10 else clean, base)
    kind = {"b": "byte", "s": "short", "i": "int", "l": "long", "": "int"}[suffix[-1:] if suffix else ""]
    bits = _BITS[kind]
    unsigned = suffix.startswith("u") or (base != 10 and not suffix.startswith("s"))
    value = -value if sign == "-" else value
    hi = (1 << (bits + 1)) if unsigned else (1 << bits)
    if not -(1 << bits) <= value < hi:
        r.cursor = start
        raise r.error("snbt.parser.number_parse_failure", m.group(0))
    if value >= (1 << bits):
        value -= 1 << (bits + 1)
    return Num(kind, value)


def _operation(r: Reader, name: str) -> Value:
    r.skip()
    arg = read_value(r)
    _expect(r, ")")
    if name == "bool":
        return Num("byte", 1 if (isinstance(arg, Num) and arg.value) or arg == "true" else 0)
    return Arr("int", (0, 0, 0, 0))


def plain(value: Value) -> Any:
    """A value as plain Python: whole numbers as int, others as float, arrays as lists of int."""
    if isinstance(value, Num):
        return int(value.value) if value.is_integer else float(value.value)
    if isinstance(value, Arr):
        return list(value.values)
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def type_name(value: Value) -> str:
    """The tag type's name as the server's messages call it."""
    if isinstance(value, Num):
        return {"byte": "TAG_Byte", "short": "TAG_Short", "int": "TAG_Int", "long": "TAG_Long",
                "float": "TAG_Float", "double": "TAG_Double"}[value.kind]
    if isinstance(value, Arr):
        return {"byte": "TAG_Byte_Array", "int": "TAG_Int_Array", "long": "TAG_Long_Array"}[value.kind]
    if isinstance(value, str):
        return "TAG_String"
    if isinstance(value, list):
        return "TAG_List"
    return "TAG_Compound"


def is_unquoted_safe(s: str) -> bool:
    """Whether a string would survive unquoted (used by tests)."""
    return bool(s) and all(c in UNQUOTED for c in s)


__all__ = ["Arr", "Num", "Refusal", "Value", "plain", "read_compound", "read_value", "type_name"]
