"""Numbers the operator gives: `monopoli admin` arguments and options, in-game admin functions' values, the
commands' numeric options (`run --poll`, `demo --speed`, `sandbox --port`, …), lengths of time (`--time-limit`,
`--slot`), addresses (`--web`), lists (`simulate --players 3,4`) and the sandbox console's numbers; and the
files the operator names.

One rule for all numbers: the digits 0-9 alone, in the number's range (a `Measure`, such as
seconds, may have one point and a fraction), nothing around them. Python's `int()`
takes much more (`1_000`, ` 5`, `+5`, Arabic-Indic digits such as `٥`), so a typo could pay
$1,000; a refusal is one line that says what is accepted and quotes what was given. Every rule
has an upper bound. One rule for files: a path the operator names is a regular file (or a folder
where one is asked for), never a FIFO, a device or a socket, which would hang a read or a write
for ever (`not_a_file`, `read_file`). Shared by the CLI, the controller and the config loaders, so
it sits beside errors.py and limits.py and imports nothing else of ours.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path

from monopoli_mc.errors import MonopoliError
from monopoli_mc.limits import SCORE_MAX  # no amount beyond what a score holds can be shown or paid
_DIGITS = re.compile(r"[0-9]+")  # ASCII only: `\d` would take other scripts' digits
_DECIMAL = re.compile(r"[0-9]+(?:\.[0-9]+)?")  # float() also takes nan, inf, 1e3, 1_0 and ' 5'
_DECIMAL_LENGTH = 40  # longer is a typo, not a measure: float() is never asked for a thousand digits
_SHOWN = 40  # a refusal quotes at most this much of what was given: one line, whatever was pasted


class NotAccepted(MonopoliError):
    """A number the operator gave that is not one: the message says what is accepted."""


class _Rule:
    """What Whole and Measure share: the one line of a refusal, from the rule's name and what it accepts."""

    what: str

    def accepted(self) -> str:
        raise NotImplementedError

    def refusal(self, given: str | None) -> str:
        """The one line for something given that is not accepted (None: no number was given at all)."""
        if given is None:
            shown = "what was given"
        else:
            shown = repr(given) if len(given) <= _SHOWN else repr(given[:_SHOWN - 3]) + "..."
        return f"{self.what} is {self.accepted()}, not {shown}"


@dataclass(frozen=True)
class Whole(_Rule):
    """A whole number the operator gives: what it is called, what it counts, and its range."""

    what: str  # "the amount", "--wait"
    low: int
    high: int
    unit: str = ""  # "dollars", "seconds"
    low_name: str = ""  # "GO": said after the lowest value

    def accepted(self) -> str:
        """What is accepted, in words: 'a whole number of dollars from 1 to 2147483647, in the digits 0-9 alone'."""
        of = f" of {self.unit}" if self.unit else ""
        low = f"{self.low} ({self.low_name})" if self.low_name else str(self.low)
        return f"a whole number{of} from {low} to {self.high}, in the digits 0-9 alone"

    def read(self, text: str) -> int:
        """`text` as a number in range; raises NotAccepted (the refusal) for anything else."""
        if _DIGITS.fullmatch(text):
            digits = text.lstrip("0") or "0"
            # past the range's own length it is out of range: int() is never asked for a thousand digits
            if len(digits) <= len(str(self.high)) and self.low <= int(digits) <= self.high:
                return int(digits)
        raise NotAccepted(self.refusal(text))


AMOUNT = Whole("the amount", 1, SCORE_MAX, "dollars")
SPACE = Whole("the space", 0, 39, low_name="GO")


@dataclass(frozen=True)
class Measure(_Rule):
    """A number with a fraction the operator gives (seconds, a speed): what it is called, its unit, its range."""

    what: str  # "--poll"
    low: float
    high: float
    unit: str = ""  # "seconds"

    def accepted(self) -> str:
        """'a number of seconds from 0.001 to 60, in the digits 0-9 with at most one point (such as 0.5)'."""
        of = f" of {self.unit}" if self.unit else ""
        return f"a number{of} from {self.low:g} to {self.high:g}, in the digits 0-9 with at most one point (such as 2.5)"

    def read(self, text: str) -> float:
        """`text` as a number in range; raises NotAccepted (the refusal) for anything else."""
        if len(text) <= _DECIMAL_LENGTH and _DECIMAL.fullmatch(text) and self.low <= float(text) <= self.high:
            return float(text)
        raise NotAccepted(self.refusal(text))


# "1h30m", "90m", "45s", "2h"; "90" and "1h30" are minutes. ASCII digits only: `\d` would take other scripts'.
_DURATION = re.compile(r"(?:(?P<h>[0-9]+)h)?(?:(?P<m>[0-9]+)m)?(?:(?P<s>[0-9]+)s)?")
_MINUTES = re.compile(r"[0-9]+|[0-9]+h[0-9]+")
_HOST = re.compile(r"[A-Za-z0-9.:%_-]*")  # a host name, an IPv4 or an IPv6 address (with a zone), or none


@dataclass(frozen=True)
class Duration(_Rule):
    """A length of time the operator gives (`90m`, `1h30m`, `45s`, `90` minutes), read as seconds, at most
    `high` seconds; with `off`, the word `off` (or 0) is no limit at all, read as 0."""

    what: str  # "--time-limit"
    high: int  # seconds
    off: bool = False

    def accepted(self) -> str:
        """'a length of time from 1s to 168h, such as 90m, 90 (minutes), 1h30m or 45s, in the digits 0-9 alone'."""
        most = f"{self.high // 3600}h" if self.high % 3600 == 0 else f"{self.high}s"
        off = ", or off" if self.off else ""
        return f"a length of time from 1s to {most}, such as 90m, 90 (minutes), 1h30m or 45s, in the digits 0-9 alone{off}"

    def read(self, text: str) -> float:
        """`text` as seconds in range (0 for `off`); raises NotAccepted (the refusal) for anything else."""
        if self.off and text in ("off", "0"):
            return 0.0
        word = text + "m" if _MINUTES.fullmatch(text) else text
        found = _DURATION.fullmatch(word)
        if text and found is not None and any(found.groups()):
            parts = [found[k] or "0" for k in "hms"]
            if all(len(part.lstrip("0")) <= len(str(self.high)) for part in parts):  # int() of a few digits only
                seconds = int(parts[0]) * 3600 + int(parts[1]) * 60 + int(parts[2])
                if 1 <= seconds <= self.high:
                    return float(seconds)
        raise NotAccepted(self.refusal(text))


@dataclass(frozen=True)
class Address(_Rule):
    """HOST:PORT, :PORT or PORT (loopback) the operator gives; the port by the rule of whole numbers."""

    what: str  # "--web"

    def accepted(self) -> str:
        """What is accepted, in words."""
        return f"HOST:PORT or PORT (loopback), such as 127.0.0.1:8080, the port {PORT.accepted()}"

    def read(self, text: str) -> tuple[str, int]:
        """(host, port); raises NotAccepted (the refusal) for anything else."""
        host, sep, port = text.rpartition(":")
        host = host[1:-1] if host.startswith("[") and host.endswith("]") else host
        if not sep:
            host, port = "", text
        if not _HOST.fullmatch(host):  # a name or an address, in ASCII: nothing else can be bound
            raise NotAccepted(self.refusal(text))
        try:
            return host or "127.0.0.1", PORT.read(port)
        except NotAccepted:
            raise NotAccepted(self.refusal(text)) from None


@dataclass(frozen=True)
class Several(_Rule):
    """Whole numbers separated by commas (`3,4,6`), each by `item`'s rule."""

    what: str  # "--players"
    item: Whole
    most: int = 16  # how many a list may hold

    def accepted(self) -> str:
        """What is accepted, in words."""
        return (f"up to {self.most} whole numbers from {self.item.low} to {self.item.high} separated by commas "
                "(such as 3,4), in the digits 0-9 alone")

    def read(self, text: str) -> tuple[int, ...]:
        """The numbers; raises NotAccepted (the refusal) for anything else."""
        items = text.split(",", self.most)
        try:
            if len(items) <= self.most:
                return tuple(self.item.read(item) for item in items)
        except NotAccepted:
            pass
        raise NotAccepted(self.refusal(text))


PORT = Whole("the port", 0, 65535)


class NotAFile(MonopoliError):
    """A path the operator named that is a FIFO, a device, a socket or a folder where a file is wanted."""


def _kind(mode: int) -> str:
    """What a file's mode says it is, in words ('a regular file', 'a named pipe (FIFO)', ...)."""
    if stat.S_ISREG(mode):
        return "a regular file"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def not_a_file(path: Path, *, folder: bool = False) -> str | None:
    """Why `path` cannot be read or written as a regular file (or, with `folder`, as a folder or a file), in
    words: 'is a named pipe (FIFO), not a regular file'; None when it is one, or not there yet. Never opens
    it, so a FIFO cannot hang the question."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):  # not there (or not even a path): what opens it says so
        return None
    if stat.S_ISREG(mode) or (folder and stat.S_ISDIR(mode)):
        return None
    return f"is {_kind(mode)}, not {'a folder or a regular file' if folder else 'a regular file'}"


def refuse_not_a_file(path: Path, what: str = "", *, folder: bool = False) -> None:
    """Raise NotAFile, one line naming the path and what to give instead, when `path` is not a regular file."""
    why = not_a_file(path, folder=folder)
    if why is not None:
        named = f"{what} {str(path)!r}" if what else repr(str(path))
        raise NotAFile(f"{named} {why}: give the path of a {'folder or ' if folder else ''}file")


def read_file(path: Path) -> bytes:
    """A regular file's bytes, opened without waiting: a FIFO, a device, a socket or a folder is refused
    (NotAFile) instead of a read that waits for a writer, or never ends (/dev/zero). OSError as open() raises it."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotAFile(f"{str(path)!r} is {_kind(mode)}, not a regular file: give the path of a file")
        with os.fdopen(os.dup(fd), "rb") as file:
            return file.read()
    finally:
        os.close(fd)
