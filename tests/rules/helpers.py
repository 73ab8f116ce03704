"""Compact positions and scripted dice for rule tests."""

from __future__ import annotations

import dataclasses
from typing import Any, Iterable


from monopoli_mc.rules.board import board_path, default_board_path, load_board
from monopoli_mc.rules.events import BANK, JAR
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.phases import JAIL, ROLL
from monopoli_mc.rules.settings import Rules, load_rules

BOARD = load_board(default_board_path())
BOARDS = {"standard": BOARD, "anti-monopoly": load_board(board_path("anti-monopoly"))}


class ScriptedDice:
    """Stands in for the game's generator: yields the scripted dice, one die per call."""

    def __init__(self, throws: Iterable[tuple[int, int]]) -> None:
        self.values = [d for throw in throws for d in throw]

    def random(self) -> float:
        if not self.values:
            raise AssertionError("the test ran out of scripted dice")
        return (self.values.pop(0) - 1) / 6 + 0.01

    def getstate(self) -> tuple[int, tuple[int, ...], None]:
        return (3, tuple(self.values), None)

    def add(self, *throws: tuple[int, int]) -> None:
        self.values.extend(d for throw in throws for d in throw)


def space(name: str) -> int:
    """Index of the first space with this name (the same on both boards, but for GO/Start)."""
    return (BOARD if name != "Start" else BOARDS["anti-monopoly"]).space_named(name).index


def card(deck: str, title: str) -> int:
    """Index of the first card with this title in a deck."""
    return next(c.index for c in BOARD.decks[deck] if c.title == title)


def position(rules: str | Rules = "prom", players: Iterable[str] = ("A", "B"), *,
             dice: Iterable[tuple[int, int]] = (), current: str | None = None,
             cash: dict[str, int] | None = None, at: dict[str, int | str] | None = None,
             owner: dict[str, str] | None = None, buildings: dict[str, int] | None = None,
             mortgaged: Iterable[str] = (), jail: dict[str, int] | None = None,
             top: dict[str, list[str]] | None = None, jail_cards: dict[str, list[str]] | None = None,
             jar: int = 0, roles: dict[str, str] | None = None, **overrides: Any) -> Game:
    """A game in a given position: who is where, owns what and holds what; dice and deck tops scripted."""
    if isinstance(rules, str):
        rules = load_rules(rules)
    if overrides:
        rules = dataclasses.replace(rules, **overrides)
    names = list(players)
    board = BOARDS[rules.board]
    game = Game.new(rules, board, names, seed=0)
    seat = {n: i for i, n in enumerate(names)}
    for name, amount in (cash or {}).items():
        game.cash[seat[name]] = amount
    for name, where in (at or {}).items():
        game.pos[seat[name]] = where if isinstance(where, int) else space(where)
    for prop, name in (owner or {}).items():
        game.owner[space(prop)] = seat[name]
    for prop, count in (buildings or {}).items():
        game.buildings[space(prop)] = count
        if count == 5:
            game.hotels_out += 1
        else:
            game.houses_out += count
    for prop in mortgaged:
        game.mortgaged[space(prop)] = True
    for name, turns in (jail or {}).items():
        game.jail_turns[seat[name]] = turns
        game.pos[seat[name]] = BOARD.jail
    for name, role in (roles or {}).items():
        game.roles[seat[name]] = role
    for deck, titles in (top or {}).items():
        wanted = [next(c.index for c in board.decks[deck] if c.title == t) for t in titles]
        game.decks[deck] = wanted + [c for c in game.decks[deck] if c not in wanted]
    for name, titles in (jail_cards or {}).items():
        for title in titles:
            deck = "chance" if any(c.title == title for c in BOARD.decks["chance"]) else "community_chest"
            index = card(deck, title)
            game.decks[deck].remove(index)
            game.jail_cards[seat[name]].append([deck, index])
    game.jar = jar
    game.bank = -(sum(game.cash) + game.jar)
    game.current = seat[current or names[0]]
    game.phase = JAIL if game.jail_turns[game.current] >= 0 else ROLL
    game.pending, game.after = {}, []
    game._touch()
    game.rng = ScriptedDice(dice)  # type: ignore[assignment]
    return game


def kinds(events: list[tuple[Any, ...]]) -> list[str]:
    """The kinds of some events, in order."""
    return [e[0] for e in events]


def pays(events: list[tuple[Any, ...]], reason: str | None = None) -> list[tuple[int, int, int]]:
    """(payer, payee, amount) of the payments, optionally of one reason."""
    return [(e[1], e[2], e[3]) for e in events if e[0] == "pay" and (reason is None or e[4] == reason)]


def conserved(game: Game) -> bool:
    """Every account adds up to zero: money is never made or lost."""
    return sum(game.cash) + game.jar + game.bank == 0


__all__ = ["BANK", "JAR", "BOARD", "ScriptedDice", "card", "conserved", "kinds", "pays", "position", "space"]


