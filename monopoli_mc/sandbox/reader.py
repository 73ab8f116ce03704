"""A brigadier-like string reader and the command error that carries a cursor."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from monopoli_mc.errors import SandboxError
from monopoli_mc.sandbox import versions
from monopoli_mc.sandbox.nbt_tags import from_vanilla
from monopoli_mc.vanilla import snbt
from monopoli_mc.vanilla.data import load
from monopoli_mc.vanilla.reader import Reader as VanillaReader
from monopoli_mc.vanilla.reader import Refusal
from monopoli_mc.vanilla.releases import DEFAULT

T = TypeVar("T")
UNKNOWN_COMMAND = "Unknown or incomplete command, see below for error"
UNKNOWN_ARGUMENT = "Incorrect argument for command"
UNQUOTED = set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_-.+")


class CommandError(SandboxError):
    """A command that failed; with a cursor it is a syntax error shown with context."""

    def __init__(self, message: str, *, text: str | None = None, cursor: int = -1) -> None:
        super().__init__(message)
        self.message = message
        self.text = text
        self.cursor = cursor

    def feedback(self) -> list[str]:
        """The messages vanilla sends for this error: the message and the context line."""
        if self.text is None or self.cursor < 0:
            return [self.message]
        return [self.message, context_line(self.text, self.cursor)]


def context_line(text: str, cursor: int) -> str:
    """Vanilla's `...<ten chars><rest><--[HERE]` line under a syntax error."""
    i = min(len(text), cursor)
    head = ("..." if i > 10 else "") + text[max(0, i - 10):i]
    return head + text[i:] + "<--[HERE]"


class Reader:
    """A cursor over one command line of one release, reading the way brigadier reads.

    `json_text` says how the release writes text components: JSON before 1.21.5.
    """

    def __init__(self, text: str, cursor: int = 0, *, version: str = DEFAULT) -> None:
        self.text = text
        self.cursor = cursor
        self.version = version
        self.json_text = versions.json_text(version)

    def vanilla(self, read: Callable[[VanillaReader], T]) -> T:
        """What one of vanilla's readers (`monopoli_mc.vanilla`) reads at the cursor for this release,
        the cursor moved past it; its refusal, in vanilla's words and at its cursor, as a CommandError."""
        r = VanillaReader(self.text, load(self.version), self.cursor)
        try:
            value = read(r)
        except Refusal as refused:
            raise CommandError(refused.message, text=self.text, cursor=refused.cursor) from None
        self.cursor = r.cursor
        return value

    def read_tag(self) -> Any:
        """One SNBT value at the cursor as nbtlib tags, read by vanilla's reader (`vanilla.snbt`)."""
        return from_vanilla(self.vanilla(snbt.read_value))

    def error(self, message: str, at: int | None = None) -> CommandError:
        """A syntax error at the cursor (or at `at`)."""
        return CommandError(message, text=self.text, cursor=self.cursor if at is None else at)

    def can_read(self, n: int = 1) -> bool:
        """Whether n more characters remain."""
        return self.cursor + n <= len(self.text)

    def peek(self, offset: int = 0) -> str:
        """The character at the cursor (plus offset), or '' at the end."""
        i = self.cursor + offset
        return self.text[i] if i < len(self.text) else ""

    def skip(self, n: int = 1) -> None:
        """Move the cursor forward."""
        self.cursor += n

    def skip_ws(self) -> None:
        """Skip spaces."""
        while self.peek() == " ":
            self.cursor += 1

    def rest(self) -> str:
        """Everything after the cursor (and move to the end)."""
        out = self.text[self.cursor:]
        self.cursor = len(self.text)
        return out

    def expect(self, char: str) -> None:
        """Read one expected character."""
        if self.peek() != char:
            raise self.error(f"Expected '{char}'")
        self.cursor += 1

    def read_while(self, allowed: set[str] | str) -> str:
        """Read characters while they are in `allowed`."""
        start = self.cursor
        while self.can_read() and self.text[self.cursor] in allowed:
            self.cursor += 1
        return self.text[start:self.cursor]

    def read_while_not(self, stop: set[str]) -> str:
        """Read characters until one in `stop`."""
        start = self.cursor
        while self.can_read() and self.text[self.cursor] not in stop:
            self.cursor += 1
        return self.text[start:self.cursor]

    def read_unquoted(self) -> str:
        """Read a brigadier unquoted string."""
        return self.read_while(UNQUOTED)

    def read_word(self) -> str:
        """Read up to the next space."""
        start = self.cursor
        while self.can_read() and self.text[self.cursor] != " ":
            self.cursor += 1
        return self.text[start:self.cursor]

    def read_quoted(self) -> str:
        """Read a quoted string as brigadier's readStringUntil does: only the quote and `\\` may follow
        a backslash, else "Invalid escape sequence" (SNBT's own strings are `vanilla.snbt`'s, ledger E1)."""
        quote = self.peek()
        if quote not in ("'", '"'):
            raise self.error("Expected quote to start a string")
        self.cursor += 1
        out: list[str] = []
        while self.can_read():
            c = self.text[self.cursor]
            self.cursor += 1
            if c == "\\":
                e = self.peek()
                if e in (quote, "\\"):
                    out.append(e)
                    self.cursor += 1
                elif e:
                    raise self.error(f"Invalid escape sequence '\\{e}' in quoted string")
            elif c == quote:
                return "".join(out)
            else:
                out.append(c)
        raise self.error("Unclosed quoted string")

    def read_string(self) -> str:
        """Read a quoted or unquoted string."""
        if self.peek() in ("'", '"'):
            return self.read_quoted()
        return self.read_unquoted()

    def read_bool(self) -> bool:
        """Read `true` or `false`, with brigadier's errors as vanilla words them."""
        start = self.cursor
        value = self.read_string()
        if not value:
            raise self.error("Expected boolean")
        if value not in ("true", "false"):
            self.cursor = start
            raise self.error(f"Invalid boolean, expected 'true' or 'false' but found '{value}'")
        return value == "true"

    def read_int(self) -> int:
        """Read an integer as brigadier's readInt: Integer.parseInt of the number characters, so
        anything past the 32-bit range is "Invalid integer" at parse time (ledger row E2)."""
        return self._read_whole("integer", 31)

    def read_long(self) -> int:
        """Read a long as brigadier's readLong: "Invalid long" past the 64-bit range."""
        return self._read_whole("long", 63)

    def _read_whole(self, kind: str, bits: int) -> int:
        start = self.cursor
        s = self.read_while("0123456789.-")  # StringReader.isAllowedNumber: `1.5` is read, then refused
        if not s:
            raise self.error(f"Expected {kind}")
        body = s[1:] if s.startswith("-") else s
        if not body.isdigit() or not -(1 << bits) <= int(s) < (1 << bits):
            self.cursor = start
            raise self.error(f"Invalid {kind} '{s}'")
        return int(s)

    def read_double(self) -> float:
        """Read a floating point number."""
        start = self.cursor
        s = self.read_while("0123456789-.")
        if not s:
            raise self.error("Expected double")
        try:
            return float(s)
        except ValueError:
            self.cursor = start
            raise self.error(f"Invalid double '{s}'") from None

    def read_resource(self) -> str:
        """Read a resource location such as `monopoli:ui/card`, defaulting to minecraft:."""
        start = self.cursor
        s = self.read_while(set("abcdefghijklmnopqrstuvwxyz0123456789_-./:"))
        if not s or s.count(":") > 1:
            self.cursor = start
            raise self.error("Invalid ID")
        return s if ":" in s else "minecraft:" + s

    def end_of_arg(self) -> bool:
        """True at the end of the text; else expects a separating space."""
        if not self.can_read():
            return True
        if self.peek() != " ":
            raise self.error("Expected whitespace to end one argument, but found trailing data")
        return False

    def next_arg(self) -> bool:
        """Advance over the separator to the next argument; False if the line ended."""
        if self.end_of_arg():
            return False
        self.cursor += 1
        return True

    def need_arg(self) -> None:
        """Advance to the next argument, which must exist (else: incomplete command)."""
        if not self.next_arg() or not self.can_read():
            raise self.error(UNKNOWN_COMMAND)

    def literal(self, choices: tuple[str, ...] | list[str]) -> str:
        """Read one of the literal words; vanilla's errors for none and for a wrong one."""
        if not self.can_read():
            raise self.error(UNKNOWN_COMMAND)
        start = self.cursor
        word = self.read_word()
        if word not in choices:
            self.cursor = start
            raise self.error(UNKNOWN_ARGUMENT)
        return word

    def finish(self) -> None:
        """The command must end here; trailing text is an incorrect argument."""
        if self.can_read():
            if self.peek() == " ":
                self.cursor += 1
            raise self.error(UNKNOWN_ARGUMENT)

