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
from monopoli_mc.vanilla.reader import Refusal, context_line
from monopoli_mc.vanilla.releases import DEFAULT

T = TypeVar("T")
UNKNOWN_COMMAND = "Unknown or incomplete command, see below for error"
UNKNOWN_ARGUMENT = "Incorrect argument for command"


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
        """skipWhitespace (Character.isWhitespace)."""
        self.vanilla(VanillaReader.skip_ws)

    def rest(self) -> str:
        """Everything after the cursor (and move to the end)."""
        out = self.text[self.cursor:]
        self.cursor = len(self.text)
        return out

    def expect(self, char: str) -> None:
        """Read one expected character (brigadier's expect)."""
        self.vanilla(lambda r: r.expect(char))

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
        """readUnquotedString."""
        return self.vanilla(VanillaReader.read_unquoted)

    def read_word(self) -> str:
        """Read up to the next space."""
        start = self.cursor
        while self.can_read() and self.text[self.cursor] != " ":
            self.cursor += 1
        return self.text[start:self.cursor]

    # brigadier's StringReader is vanilla's (`monopoli_mc.vanilla.reader`): its reads, its errors in the
    # release's words, its cursors
    def read_quoted(self) -> str:
        """readQuotedString: only the quote and `\\` may follow a backslash (ledger E1)."""
        return self.vanilla(VanillaReader.read_quoted)

    def read_string(self) -> str:
        """readString: quoted or unquoted."""
        return self.vanilla(VanillaReader.read_string)

    def read_bool(self) -> bool:
        """readBoolean."""
        return self.vanilla(VanillaReader.read_bool)

    def read_int(self) -> int:
        """readInt: Integer.parseInt of the number characters, so anything past the 32-bit range is
        "Invalid integer" at parse time (ledger row E2)."""
        return self.vanilla(VanillaReader.read_int)

    def read_long(self) -> int:
        """readLong: "Invalid long" past the 64-bit range."""
        return self.vanilla(VanillaReader.read_long)

    def read_double(self) -> float:
        """readDouble."""
        return self.vanilla(VanillaReader.read_double)

    def read_resource(self) -> str:
        """ResourceLocation.read, such as `monopoli:ui/card`; `minecraft:` when no namespace is given."""
        return self.vanilla(VanillaReader.read_resource)

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

