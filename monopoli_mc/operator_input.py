"""Numbers the operator gives: `monopoli admin` arguments and options, in-game admin functions' values, and
the commands' numeric options (`run --poll`, `demo --speed`, `sandbox --port`, …).

One rule for all of them: the digits 0-9 alone, in the number's range (a `Measure`, such as
seconds, may have one point and a fraction). Python's `int()`
takes much more (`1_000`, ` 5`, `+5`, Arabic-Indic digits such as `٥`), so a typo could pay
$1,000; a refusal is one line that says what is accepted and quotes what was given. Shared
by the CLI and the controller, so it sits beside errors.py and limits.py and imports nothing else of ours.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from monopoli_mc.errors import MonopoliError
from monopoli_mc.limits import SCORE_MAX  # no amount beyond what a score holds can be shown or paid
_DIGITS = re.compile(r"[0-9]+")  # ASCII only: `\d` would take other scripts' digits
_DECIMAL = re.compile(r"[0-9]+(?:\.[0-9]+)?")  # float() also takes nan, inf, 1e3, 1_0 and ' 5'
_DECIMAL_LENGTH = 40  # longer is a typo, not a measure: float() is never asked for a thousand digits


class NotAccepted(MonopoliError):
    """A number the operator gave that is not one: the message says what is accepted."""


class _Rule:
    """What Whole and Measure share: the one line of a refusal, from the rule's name and what it accepts."""

    what: str

    def accepted(self) -> str:
        raise NotImplementedError

    def refusal(self, given: str | None) -> str:
        """The one line for something given that is not accepted (None: no number was given at all)."""
        shown = repr(given) if given is not None else "what was given"
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
