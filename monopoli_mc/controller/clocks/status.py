"""How a board stands, in words: one line for `admin status` (from the controller or from the database
alone), how an ended game came out, and everyone's net worth."""

from __future__ import annotations

import time
from collections.abc import Collection

from monopoli_mc.controller.clocks import stall, timelimit
from monopoli_mc.controller.game.table import BoardGame
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.narrate import Narrator
from monopoli_mc.rules.phases import OVER


def status_line(table: BoardGame, lobby: list[str], min_players: int, *, online: set[str] | None = None,
                several: bool = False) -> str:
    """One line about a board at runtime (see board_status)."""
    return board_status(table.name, table.game, table.game_id, lobby=lobby, min_players=min_players,
                        paused=table.paused, ends_at=table.ends_at, online=online, since=table.since,
                        several=several)


def admin(command: str, board: str, *, several: bool) -> str:
    """An operator's command as it can be typed: `monopoli admin start`, with `--board main` when there
    are several boards (where it is refused without)."""
    return f"monopoli admin {command}" + (f" --board {board}" if several else "")


def seat_how(board: str, *, several: bool) -> str:
    """How players are seated at a board."""
    return f"/trigger join on the board, or {admin('seat NAME', board, several=several)}"


def next_game(board: str, *, several: bool) -> str:
    """What comes after a board's game is over."""
    return f"seat the players ({seat_how(board, several=several)}), then {admin('start', board, several=several)}"


def queue_words(lobby: list[str]) -> str:
    """The players waiting for a board's next game while one runs, in their order."""
    return f"queued for the next game: {', '.join(f'{n} ({i})' for i, n in enumerate(lobby, start=1))}"


def board_status(board: str, game: Game | None, game_id: int, *, lobby: list[str], min_players: int,
                 paused: bool = False, ends_at: float | None = None, online: set[str] | None = None,
                 since: float | None = None, several: bool = False) -> str:
    """One line about a board: who is seated or plays (and who has left), the game, who is queued for the
    next one, and what comes next.

    `online`: the names the server lists now (None when unknown: no controller to ask). The step it
    names next is one the controller takes now: never `admin start` with too few seated. `several`: the
    commands named carry `--board` (there are several boards).
    """
    def who(names: list[str], out: Collection[str] = ()) -> str:
        return ", ".join(n + (" (bankrupt)" if n in out else " (offline)" if online is not None
                              and n not in online else "") for n in names)

    start_cmd = admin("start", board, several=several)
    if game is None or game.phase == OVER:
        short = min_players - len(lobby)
        if lobby and short <= 0:
            start = f"next: {start_cmd}"
        else:
            more = f"seat {short} more player{'s' if short > 1 else ''}" if lobby else "seat the players"
            start = f"next: {more} ({seat_how(board, several=several)}), then {start_cmd}"
        if game is not None:
            won = f": {result(game)}"
            seated = f"; seated for the next game: {who(lobby)}" if lobby else ""
            return (f"{board}: game {game_id} ({game.rules.name} rules) ended in round {game.round + 1}{won}"
                    f"{seated}; {start}")
        if not lobby:
            return (f"{board}: no game yet, nobody seated; next: players stand on the board and type "
                    f"/trigger join (or {admin('seat NAME', board, several=several)})")
        if short > 0:
            return f"{board}: no game yet; seated: {who(lobby)}; {start}"
        return f"{board}: {len(lobby)} seated, waiting for the start: {who(lobby)}; {start}"
    head = f"{board}: game {game_id} ({game.rules.name} rules)"
    deciding = game.names[game.to_act()]
    if paused:
        waits = f" (paused; next: {admin('resume', board, several=several)})"
    elif online is not None and deciding not in online:
        waits = (f" (offline: the game waits until they are back, or "
                 f"{admin('kick ' + deciding, board, several=several)})")
    else:
        waits = ""
    jar = f", jar ${game.jar}" if game.rules.free_parking_jar else ""
    left = "" if ends_at is None else f", {timelimit.left_words(ends_at - time.time())}"
    out = {n for p, n in enumerate(game.names) if game.bankrupt[p]}
    owes = stall.status_words(game, since, time.time())
    queued = f"; {queue_words(lobby)}" if lobby else ""
    return (f"{head} of {who(game.names, out)}; round {game.round + 1}, {game.phase.replace('_', ' ')} "
            f"for {deciding}{waits}{jar}{left}" + (f"; {owes}" if owes else "") + queued)


def result(game: Game) -> str:
    """How an ended game came out: "Alex wins", or "a tie: Alex and Sam" (equal net worth at the top)."""
    if game.winner is not None:
        return f"{game.names[game.winner]} wins"
    tied = game.tied()
    return f"a tie: {Narrator(game.board, game.names).together(tied)}" if tied else "no winner"


def net_worths(game: Game) -> str:
    """Everyone's net worth, richest first, with the debts left unpaid that it counts:
    "Sam $4,750 (is owed $2,000), Robin $1,180 (owes $2,000), Kim $0 (bankrupt)"."""
    def one(p: int, worth: int) -> str:
        owed = game.owed(p) if not game.bankrupt[p] else 0
        note = (" (bankrupt)" if game.bankrupt[p] else f" (owes ${owed:,})" if owed > 0
                else f" (is owed ${-owed:,})" if owed < 0 else "")
        return f"{game.names[p]} ${worth:,}{note}"
    return ", ".join(one(p, w) for p, w in game.standings())
