"""The game state: plain lists and numbers, convertible to and from JSON-safe data."""

from __future__ import annotations

import dataclasses
import random
from typing import Any, Final, TypeVar

from monopoli_mc.errors import MonopoliError
from monopoli_mc.rules.board import Board
from monopoli_mc.rules.events import Event
from monopoli_mc.rules.settings import Rules

STATE_VERSION: Final = 1
NOT_IN_JAIL: Final = -1
HOTEL: Final = 5  # buildings count on a street: 1-4 houses, 5 = a hotel
_Class = TypeVar("_Class")

try:  # mypyc's mark for a part of the engine mixed into Game (make fast); pure Python ignores it
    from mypy_extensions import trait
except ImportError:  # mypy is not installed: the pure engine has no use for the mark
    def trait(cls: _Class) -> _Class:
        return cls


@trait
class GameState:
    """Every fact of a game, in flat per-seat and per-space lists for speed."""

    rules: Rules
    board: Board
    names: list[str]
    cash: list[int]
    pos: list[int]
    bankrupt: list[bool]
    jail_turns: list[int]  # NOT_IN_JAIL, or the failed throws so far in jail
    roles: list[str]  # per seat: "competitor", "monopolist", or "" without roles
    jail_cards: list[list[list[Any]]]  # per seat: [deck, card] held
    owner: list[int]  # per space: seat, or -1 for the bank
    buildings: list[int]  # per space: 0-4 houses, HOTEL
    mortgaged: list[bool]
    decks: dict[str, list[int]]  # card indices, top first; held cards are out
    jar: int
    bank: int  # goes negative: the sum of all accounts is always 0
    houses_out: int
    hotels_out: int
    current: int
    first: int  # the seat that threw first: a round ends when the turn comes back to it
    round: int  # completed rounds
    turns: int  # turns started
    doubles: int  # doubles thrown this turn
    # The white dice of the last throw. Not tuple[int, int]: mypyc 1.19 emits C that does not
    # compile for a fixed-size tuple attribute set in a mixin.
    last_dice: tuple[int, ...]
    speed_value: int  # the speed die's number on the last throw (0: not used, the Bus or Mr. Monopoly)
    speed_ready: list[bool]  # per seat: has passed or landed on GO, so may use the speed die
    phase: str
    # Phase data: exactly the fields the current phase needs, JSON-safe.
    pending: dict[str, Any]
    debts: list[list[Any]]  # [debtor, creditor, amount, reason]
    after: list[Any]  # continuation when the debts are settled
    trade: dict[str, Any] | None
    trade_return: str
    auction_queue: list[int]
    received: list[list[Any]]  # mortgaged deeds received, awaiting lift-or-keep: [seat, space, "bankruptcy"|"trade"]
    claims: list[list[int]]  # rent waiting to be claimed: [payer, owner, amount, space]
    winner: int | None
    end_reason: str
    rng: random.Random
    setup_events: list[Event]

    _DATA_FIELDS = ("names", "cash", "pos", "bankrupt", "roles", "jail_turns", "jail_cards", "owner",
                    "buildings", "mortgaged", "decks", "jar", "bank", "houses_out", "hotels_out",
                    "current", "first", "round", "turns", "doubles", "last_dice", "speed_value", "speed_ready",
                    "phase", "pending",
                    "debts", "after", "trade", "trade_return", "auction_queue", "received", "claims", "winner",
                    "end_reason")

    def to_data(self) -> dict[str, Any]:
        """The whole state as JSON-safe data (lists, dicts, numbers, text)."""
        data: dict[str, Any] = {"version": STATE_VERSION, "rules": dataclasses.asdict(self.rules),
                                "board": self.board.name}
        for name in self._DATA_FIELDS:
            data[name] = _plain(getattr(self, name))
        version, internal, gauss = self.rng.getstate()
        data["rng"] = [version, list(internal), gauss]
        return data

    def _load_data(self, data: dict[str, Any], board: Board) -> None:
        if data.get("version") != STATE_VERSION:
            raise MonopoliError(f"unsupported game state version {data.get('version')!r}")
        rules = dict(data["rules"])
        rules["jar_feeds"] = tuple(rules["jar_feeds"])
        self.rules = Rules(**rules)
        if data["board"] != board.name:
            raise MonopoliError(f"state is for board {data['board']!r}, not {board.name!r}")
        self.board = board
        for name in self._DATA_FIELDS:
            value = _copy(data[name])
            setattr(self, name, tuple(value) if name == "last_dice" else value)  # JSON made it a list
        self.received = [r if len(r) == 3 else [*r, "bankruptcy"] for r in self.received]  # saved before "how"
        self.rng = random.Random()
        version, internal, gauss = data["rng"]
        self.rng.setstate((version, tuple(internal), gauss))
        self.setup_events = []


def _plain(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _copy(value: Any) -> Any:
    if isinstance(value, list):
        return [_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    return value
