"""The end of the night: the final table (`monopoli admin final`) and the crowning (`monopoli admin crown`).

Both are decided from the night as the database has it (`night.py`), every world's games included. The
final seats the standings' top players at one board; its result decides the crown when there is one. The
crowning announces the podium in the world (the champion's name as a title to everyone, the top three in
chat, fireworks over every board's middle in the champion's banner colour) and records what it was
decided from, so a later undo of a game's end is seen to make it stale.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from monopoli_mc.bridge import outbox
from monopoli_mc.controller.db import tidings
from monopoli_mc.controller.db.night import (Crowning, Night, NightUnreadable, Result, Standing, crowned, read_night,
                                          record_crowning)
from monopoli_mc.controller.decide.snapshot import Snapshot
from monopoli_mc.controller.game.table import BoardGame
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
    _level_at_the_cut(night.standings, want, s.rules.min_players, most)
    finalists = {t.name.casefold() for t in top}
    busy = [(name, r) for r in night.running() for name in r.players if name.casefold() in finalists]
    if busy:
        plays = "; ".join(f"{name} plays game {r.game} at board {r.board}" for name, r in busy)
        raise IllegalAction(f"a finalist is in a running game: {plays}; wait for it to end, or end it with "
                            f"`monopoli admin end --board {busy[0][1].board}`")
    return [t.name for t in top]


def _level_at_the_cut(standings: Sequence[Standing], want: int, fewest: int, most: int) -> None:
    """Refused, in one line, when the last seat of the final would choose between players level on every tie-break
    (they share a rank): the operator gives the number of seats that takes them all, or none of them."""
    if len(standings) <= want or standings[want].rank != standings[want - 1].rank:
        return
    rank = standings[want - 1].rank
    level = [t for t in standings if t.rank == rank]
    ways = [n for n in (sum(t.rank <= rank for t in standings), sum(t.rank < rank for t in standings))
            if fewest <= n <= most]
    choice = " or ".join(f"--players {n}" for n in ways) or "a final at another board, or seat them by hand"
    raise IllegalAction(f"{_names(level)} share rank {rank} ({_tie_words(level[0])}): a final of {want} cannot "
                        f"choose between them; give {choice}")


def _names(level: Sequence[Standing]) -> str:
    return _and([t.name for t in level])


def _and(names: Sequence[str]) -> str:
    """"Sam", "Sam and Kim", "Sam, Kim and Alex"."""
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


def _tie_words(t: Standing) -> str:
    return (f"{t.points} point{'s' if t.points != 1 else ''}, {t.wins} win{'s' if t.wins != 1 else ''}, "
            f"${t.worth:,} at the ends")


def seat_final(s: Snapshot, table: BoardGame, names: list[str]) -> tuple[list[str], Writes, list[tuple[str, str]]]:
    """Seat the finalists at the board (out of any other board's seats, the board's own seats emptied first): the
    lines saying who moved, the writes, and the seats left at boards of the night's other worlds ((board, name):
    their worlds unseat them when they hear of the final, `worlds.hear`). One player, one seat, on every server."""
    moved: list[str] = []
    writes: Writes = []
    elsewhere: list[tuple[str, str]] = []
    for board, seated in s.store.lobbies().items():
        for name in seated:
            if board == table.name and name in names:
                continue
            if board == table.name or name in names:
                s.store.unseat(board, name)
                if board in s.tables:
                    writes += outbox.unsit(s.tables[board].view, name)
                    moved.append(f"{name} left the seats of board {board}")
                else:
                    elsewhere.append((board, name))
                    moved.append(f"{name} left the seats of board {board}, on another server")
    for name in names:
        if name not in s.store.lobby(table.name):
            s.store.seat(table.name, name)
            writes += outbox.sit(table.view, name)
    return moved, writes, elsewhere


def mark_final(s: Snapshot, table: BoardGame, elsewhere: Sequence[tuple[str, str]] = ()) -> Writes:
    """The game just started at the board is the night's final: recorded, told to the whole server, and to every
    world of the night (`tidings`): there, the finalists are told to come to this board's server."""
    s.store.set_final(table.game_id)
    assert table.game is not None
    line = f"The final starts at board {table.name}: {', '.join(table.game.names)}. Its winner is the champion!"
    tidings.tell(s.store, tidings.FINAL, board=table.name, game=table.game_id, players=list(table.game.names),
                 line=line, unseated=[list(pair) for pair in elsewhere])
    s.say(f"[{table.name}] game {table.game_id} is the night's final")
    return outbox.say_all(table.view, line)


def crown(s: Snapshot, *, now: bool) -> tuple[str, Writes]:
    """Crown the night's champion: refused while a game runs (unless `now`); else the crowning is recorded, with
    what to announce, and told to every world of the night (`tidings`): each world's controller announces it,
    this one's in this very poll (`worlds.hear`). Crowning again says whether the last one was stale."""
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
    crowning = record_crowning(s.store, night, s.wall, banner_color(s, night, podium[0][1]))
    tidings.tell(s.store, tidings.CROWNED, at=crowning.at)
    champion = _and(crowning.top)
    final = night.final
    decided = "the final" if final is not None and final.counted else "the standings"
    three = ", ".join(f"{place}. {name}" for place, _key, name in podium[:3])
    s.say(f"the night is crowned: {champion} ({decided}); {three}")
    of = "champions" if len(crowning.top) > 1 else "champion"
    return f"crowned: {champion}, {of} of the night ({decided}); podium {three}{again}", []


def announce(s: Snapshot, crowning: Crowning) -> Writes:
    """A crowning in this world: everyone sees the champion's name as a title, the top three in chat, fireworks
    over every board of this world in the champion's colour. From the record alone, so every world of the
    night announces the same."""
    view = s.any_view()
    champion = _and(crowning.top)
    several = len(crowning.top) > 1
    out = outbox.title(view, "@a", champion, "champions of the night" if several else "champion of the night")
    out += outbox.say_all(view, f"The night is over! {'Champions' if several else 'Champion'}: {champion}.")
    for line in crowning.three:
        out += outbox.say_all(view, line)
    color = crowning.color if crowning.color in nightfns.FIREWORK_COLORS else s.world.colors[0]
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
