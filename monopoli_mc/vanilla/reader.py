"""Brigadier's StringReader, with its errors worded as the server words them."""

from __future__ import annotations

from monopoli_mc.vanilla.data import Vanilla

UNQUOTED = frozenset("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_-.+")
NUMBER = frozenset("0123456789.-")
RESOURCE = frozenset("0123456789abcdefghijklmnopqrstuvwxyz_:/.-")


class Refusal(Exception):
    """What vanilla answers when it refuses a command: the message and where it stopped.

    `vanilla` is False for a problem vanilla parses but that cannot work (a click event's
    command a player may not run, a banner pattern that does not exist): the server
    accepts the line and the thing silently fails.
    """

    def __init__(self, message: str, text: str = "", cursor: int = -1, *, vanilla: bool = True) -> None:
        super().__init__(message)
        self.message = message
        self.text = text
        self.cursor = cursor
        self.vanilla = vanilla

    def java_message(self) -> str:
        """CommandSyntaxException.getMessage: `message at position N: …context<--[HERE]`."""
        if self.cursor < 0:
            return self.message
        i = min(len(self.text), self.cursor)
        return f"{self.message} at position {i}: {_before(self.text, i)}<--[HERE]"

    def __str__(self) -> str:
        if self.cursor < 0:
            return self.message
        return f"{self.message}: {context_line(self.text, self.cursor)}"


def _before(text: str, i: int) -> str:
    """CommandSyntaxException.getContext's head: the ten characters before the cursor, `...` before them
    when there are more."""
    return ("..." if i > 10 else "") + text[max(0, i - 10):i]


def context_line(text: str, cursor: int) -> str:
    """The line the server sends under a syntax error (`Commands.performCommand`): `...` and the ten
    characters before the cursor, the rest of the line from it, then `<--[HERE]`."""
    i = min(len(text), cursor)
    return _before(text, i) + text[i:] + "<--[HERE]"


class Reader:
    """A cursor over one command line for one release.

    `printed` reads SNBT as `data get` prints it rather than as a command takes it: the one
    difference is the non-finite numbers a release prints (`NaNd`, `-Infinityf`), which no
    command may write (`vanilla.printed`).
    """

    def __init__(self, text: str, mc: Vanilla, cursor: int = 0, *, printed: bool = False) -> None:
        self.text = text
        self.mc = mc
        self.cursor = cursor
        self.printed = printed

    def copy(self) -> Reader:
        """A reader at the same place (brigadier's `new StringReader(other)`)."""
        return Reader(self.text, self.mc, self.cursor, printed=self.printed)

    def error(self, key: str, *args: object, at: int | None = None) -> Refusal:
        """A refusal worded by an en_us key, at the cursor or at `at`."""
        return Refusal(self.mc.msg(key, *args), self.text, self.cursor if at is None else at)

    def can_read(self, n: int = 1) -> bool:
        """Whether n more characters remain."""
        return self.cursor + n <= len(self.text)

    def peek(self, offset: int = 0) -> str:
        """The character at the cursor plus offset ('' past the end)."""
        i = self.cursor + offset
        return self.text[i] if i < len(self.text) else ""

    def read(self) -> str:
        """The next character."""
        c = self.text[self.cursor]
        self.cursor += 1
        return c

    def skip(self, n: int = 1) -> None:
        """Move on n characters."""
        self.cursor += n

    def skip_ws(self) -> None:
        """Skip whitespace (brigadier: Character.isWhitespace)."""
        text, i = self.text, self.cursor
        while i < len(text) and text[i].isspace():
            i += 1
        self.cursor = i

    def remaining(self) -> str:
        """The text after the cursor."""
        return self.text[self.cursor:]

    def read_while(self, allowed: frozenset[str]) -> str:
        """Read while the characters are in `allowed`."""
        text = self.text
        start = i = self.cursor
        while i < len(text) and text[i] in allowed:
            i += 1
        self.cursor = i
        return text[start:i]

    def read_to_space(self) -> str:
        """Read up to the next space or the end."""
        start = self.cursor
        while self.can_read() and self.text[self.cursor] != " ":
            self.cursor += 1
        return self.text[start:self.cursor]

    def expect(self, c: str) -> None:
        """Read one expected character."""
        if not self.can_read() or self.peek() != c:
            raise self.error("parsing.expected", c)
        self.cursor += 1

    def read_unquoted(self) -> str:
        """readUnquotedString."""
        return self.read_while(UNQUOTED)

    def read_quoted(self) -> str:
        """readQuotedString: only the quote and the backslash may be escaped."""
        if not self.can_read():
            return ""
        quote = self.peek()
        if quote not in "\"'":
            raise self.error("parsing.quote.expected.start")
        self.cursor += 1
        return self.read_until(quote)

    def read_until(self, terminator: str) -> str:
        """readStringUntil."""
        out: list[str] = []
        escaped = False
        while self.can_read():
            c = self.read()
            if escaped:
                if c in (terminator, "\\"):
                    out.append(c)
                    escaped = False
                else:
                    self.cursor -= 1
                    raise self.error("parsing.quote.escape", c)
            elif c == "\\":
                escaped = True
            elif c == terminator:
                return "".join(out)
            else:
                out.append(c)
        raise self.error("parsing.quote.expected.end")

    def read_string(self) -> str:
        """readString: quoted or unquoted."""
        if not self.can_read():
            return ""
        if self.peek() in "\"'":
            quote = self.read()
            return self.read_until(quote)
        return self.read_unquoted()

    def read_bool(self) -> bool:
        """readBoolean."""
        start = self.cursor
        value = self.read_string()
        if not value:
            raise self.error("parsing.bool.expected")
        if value not in ("true", "false"):
            self.cursor = start
            raise self.error("parsing.bool.invalid", value)
        return value == "true"

    def read_int(self) -> int:
        """readInt: Java's Integer.parseInt over the number characters."""
        start = self.cursor
        s = self.read_while(NUMBER)
        if not s:
            raise self.error("parsing.int.expected")
        if not _is_java_int(s, 31):
            self.cursor = start
            raise self.error("parsing.int.invalid", s)
        return int(s)

    def read_long(self) -> int:
        """readLong."""
        start = self.cursor
        s = self.read_while(NUMBER)
        if not s:
            raise self.error("parsing.long.expected")
        if not _is_java_int(s, 63):
            self.cursor = start
            raise self.error("parsing.long.invalid", s)
        return int(s)

    def read_double(self, kind: str = "double") -> float:
        """readDouble / readFloat."""
        start = self.cursor
        s = self.read_while(NUMBER)
        if not s:
            raise self.error(f"parsing.{kind}.expected")
        try:
            value = float(s)
        except ValueError:
            self.cursor = start
            raise self.error(f"parsing.{kind}.invalid", s) from None
        return value

    def read_resource(self) -> str:
        """ResourceLocation.read: `minecraft:` when no namespace is given."""
        start = self.cursor
        s = self.read_while(RESOURCE)
        if not is_resource(s):
            self.cursor = start
            raise self.error("argument.id.invalid")
        return s if ":" in s else "minecraft:" + s


def _is_java_int(s: str, bits: int) -> bool:
    body = s[1:] if s[:1] in "+-" else s
    if not body or not body.isdigit():
        return False
    return -(1 << bits) <= int(s) < (1 << bits)


def is_resource(s: str) -> bool:
    """ResourceLocation.parse: namespace [a-z0-9_.-], path [a-z0-9_./-]."""
    ns, _, path = s.rpartition(":") if s.count(":") == 1 else ("minecraft", "", s)
    if s.count(":") > 1:
        return False
    return (all(c in "abcdefghijklmnopqrstuvwxyz0123456789_.-" for c in ns)
            and all(c in "abcdefghijklmnopqrstuvwxyz0123456789_./-" for c in path))
