"""The command error: a command that failed, or a line refused with vanilla's cursor line."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from monopoli_mc.errors import SandboxError
from monopoli_mc.vanilla.data import load
from monopoli_mc.vanilla.reader import Reader, Refusal, context_line

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


def read_text(text: str, version: str, read: Callable[[Reader], T]) -> T:
    """What one of vanilla's readers (`monopoli_mc.vanilla`) reads at the start of `text` for this release
    (a selector, an NBT path in a text component); its refusal, in vanilla's words, as a CommandError."""
    r = Reader(text, load(version))
    try:
        return read(r)
    except Refusal as refused:
        raise CommandError(refused.message, text=text, cursor=refused.cursor) from None
