"""The end of the night: the final table (`monopoli admin final`) and the crowning (`monopoli admin crown`).

Both are decided from the night as the database has it (`night.py`), every world's games included. The
final seats the standings' top players at one board; its result decides the crown when there is one. The
crowning announces the podium in the world (the champion's name as a title to everyone, the top three in
chat, fireworks over every board's middle in the champion's banner colour) and records what it was
decided from, so a later undo of a game's end is seen to make it stale.
"""

from __future__ import annotations

import time

from monopoli_mc.bridge import outbox
from monopoli_mc.controller.night import (FINAL_KEY, Night, NightUnreadable, Result, crowned, read_night,
                                          record_crowning)
from monopoli_mc.controller.snapshot import Snapshot
from monopoli_mc.controller.table import BoardGame
from monopoli_mc.datapack import nightfns
from monopoli_mc.datapack.night_config import LEAVE_OUT
from monopoli_mc.datapack.world_config import MAX_PLAYERS
from monopoli_mc.errors import IllegalAction
from monopoli_mc.rules.phases import OVER

Writes = list[str]
ROCKETS = 3  # rockets over each board's middle
ABOVE = 2  # blocks above the board's air space where they start: they burst about 11 blocks over its roof line


def night_of(s: Snapshot) -> Night:
    """The night now, as this poll's transaction sees the database."""
    return read_night(s.store, s.world.night, s.replays)


def finalists(s: Snapshot, table: BoardGame, players: int | None) -> list[str]:
    """The names to seat at the final: the standings' top `players` (the world config's `night.final_players`
    by default). Refused, in one line, while that board's game runs, or while a finalist plays elsewhere."""
    if table.game is not None and table.game.phase != OVER:
        raise IllegalAction(f"board {table.name!r} has a game running (game {table.game_id}): the final needs the "
                            f"board free; wait for it, or end it with `monopoli admin end --board {table.name}`")
    want = s.world.night.final_players if players is None else players
    most = min(s.rules.max_players, MAX_PLAYERS, len(table.view.colors))
    if not s.rules.min_players <= want <= most:
        raise IllegalAction(f"a final at board {table.name!r} seats {s.rules.min_players} to {most} players, "
                            f"not {want}")
    night = night_of(s)
    top = night.standings[:want]
    if len(top) < s.rules.min_players:
        raise IllegalAction(f"the standings have {len(night.standings)} player(s): a final needs "
                            f"{s.rules.min_players}; `monopoli standings` shows them")
    finalists = {t.name.casefold() for t in top}
    busy = [(name, r) for r in night.running() for name in r.players if name.casefold() in finalists]
    if busy:
        plays = "; ".join(f"{name} plays game {r.game} at board {r.board}" for name, r in busy)
        raise IllegalAction(f"a finalist is in a running game: {plays}; wait for it to end, or end it with "
                            f"`monopoli admin end --board {busy[0][1].board}`")
    return [t.name for t in top]


def seat_final(s: Snapshot, table: BoardGame, names: list[str]) -> tuple[list[str], Writes]:
    """Seat the finalists at the board (out of any other board's seats, the board's own seats emptied first);
    the lines saying who moved."""
    moved: list[str] = []
    writes: Writes = []
    for board in s.tables:
        for name in s.store.lobby(board):
            if board == table.name and name in names:
                continue
            if board == table.name or name in names:
                s.store.unseat(board, name)
                writes += outbox.unsit(s.tables[board].view, name)
                moved.append(f"{name} left the seats of board {board}")
    for name in names:
        if name not in s.store.lobby(table.name):
            s.store.seat(table.name, name)
            writes += outbox.sit(table.view, name)
    return moved, writes


def mark_final(s: Snapshot, table: BoardGame) -> Writes:
    """The game just started at the board is the night's final: recorded, and told to the whole server."""
    s.store.set_meta(f"{FINAL_KEY}{table.game_id}", "1")
    assert table.game is not None
    line = f"The final starts at board {table.name}: {', '.join(table.game.names)}. Its winner is the champion!"
    s.say(f"[{table.name}] game {table.game_id} is the night's final")
    return outbox.say_all(table.view, line)


def crown(s: Snapshot, *, now: bool) -> tuple[str, Writes]:
    """Crown the night's champion: refused while a game runs (unless `now`); else the podium is announced and
    the crowning recorded. Crowning again says whether the last one was stale."""
    night = night_of(s)
    running = night.running()
    if running and not now:
        raise IllegalAction(f"games still running: {_games(running)}; end them (`monopoli admin end --board "
                            "NAME`) or crown now with --now ("
                            + ("they count as they stand)" if night.rules.unfinished != LEAVE_OUT else
                               "they are left out)"))
    podium = night.podium()
    if not podium:
        raise IllegalAction("no game has ended yet: there is nobody to crown; `monopoli standings` shows the night")
    before = crowned(s.store)
    again = ""
    if before is not None:
        stale = before.stale(night)
        at = time.strftime("%H:%M", time.localtime(before.at))
        again = (f"; the crowning of {at} ({before.name or 'no single champion'}) was stale: {stale}" if stale
                 else f"; crowned again: nothing changed since {at}")
    record_crowning(s.store, night, s.wall)
    top = [name for place, _key, name in podium if place == 1]
    champion = " and ".join(top)
    final = night.final
    decided = "the final" if final is not None and final.counted else "the standings"
    writes = announce(s, night, podium, top)
    three = ", ".join(f"{place}. {name}" for place, _key, name in podium[:3])
    s.say(f"the night is crowned: {champion} ({decided}); {three}")
    of = "champions" if len(top) > 1 else "champion"
    return f"crowned: {champion}, {of} of the night ({decided}); podium {three}{again}", writes


def announce(s: Snapshot, night: Night, podium: list[tuple[int, str, str]], top: list[str]) -> Writes:
    """Everyone sees the champion's name as a title, the top three in chat, fireworks over every board."""
    view = s.any_view()
    points = {st.player: st.points for st in night.standings}
    champion = " and ".join(top)
    out = outbox.title(view, "@a", champion, "champions of the night" if len(top) > 1 else "champion of the night")
    out += outbox.say_all(view, f"The night is over! {'Champions' if len(top) > 1 else 'Champion'}: {champion}.")
    for place, key, name in podium[:3]:
        scored = f" ({points[key]} point{'s' if points[key] != 1 else ''})" if key in points else ""
        out += outbox.say_all(view, f"{place}. {name}{scored}")
    color = banner_color(s, night, podium[0][1])
    for table in s.tables.values():
        cx, cz = table.layout.middle()
        x, y, z = table.layout.world((cx, table.layout.place.height + ABOVE, cz))
        out += [nightfns.firework_call(x + dx, y, z + dz, color) for dx, dz in ((0, 0), (-3, 2), (3, -2))[:ROCKETS]]
    return out


def banner_color(s: Snapshot, night: Night, player: str) -> str:
    """The champion's banner colour: their seat's colour in their last game of the night (the world's first
    colour when they played none here)."""
    games = [r for r in night.results if any(f.player == player for f in r.finish)]
    if games:
        last = games[-1]
        seat = last.players.index(next(f.name for f in last.finish if f.player == player))
        return s.world.colors[seat % len(s.world.colors)]
    return s.world.colors[0]


def status(s: Snapshot) -> str | None:
    """The crowning's line for `admin status`: when and whom, and STALE with why, or None before any."""
    before = crowned(s.store)
    if before is None:
        return None
    at = time.strftime("%H:%M", time.localtime(before.at))
    try:
        stale = before.stale(night_of(s))
    except NightUnreadable as exc:
        return f"the night was crowned at {at}: {before.name or 'no single champion'}; {exc}"
    head = f"the night was crowned at {at}: {before.name or 'no single champion'}"
    return head + (f"; STALE: {stale}; `monopoli admin crown` crowns again" if stale else "")


def _games(results: list[Result]) -> str:
    return ", ".join(f"game {r.game} at board {r.board}" for r in results)
