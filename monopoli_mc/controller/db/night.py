"""The night: every game's result and the standings, computed from the database, never kept beside it.

A game's result is read from its recorded actions, replayed through the engine: who finished where
(the winner first, then the players still in by net worth at the end, then the bankrupt in the
reverse order of going out), how it ended and when. The standings add the results up by player,
and a player is their UUID at every table of every world in the database, shown by their latest
name. So an undo that reopens a game, a restart or a take-over changes the standings exactly as it
changes the games. `Night.read` keeps each game's replay (`Replays`) until its log grows, so a
controller that asks every few seconds replays only the games whose log grew.

Where it sits: above `store.py` and `saved.py` (it reads the store and replays through the rules),
below the desk (`admin.py`, `crown.py`), the CLI and the view, which all call it; it imports none
of them.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from monopoli_mc.controller.db.saved import rules_of
from monopoli_mc.controller.db.store import NOTE, UNDO, GameRow, Store
from monopoli_mc.datapack.night_config import AS_IT_STANDS, NightRules
from monopoli_mc.rules.board import Board, board_path, load_board
from monopoli_mc.rules.game import Game
from monopoli_mc.errors import MonopoliError, StoreError
from monopoli_mc.rules.phases import OVER

HOW = {"last_standing": "bankruptcy", "side_standing": "the last side standing", "time_limit": "the time limit",
       "operator": "admin end", "round_limit": "the round limit", "": "not finished"}
"""How a game ended (the engine's end reason), in the standings' words."""
NAME_KEY = "name:"  # a player never seen with a UUID is known by their name, folded: "name:alex"


@dataclass(frozen=True)
class Finish:
    """One player's finish in one game."""

    player: str  # their UUID (or NAME_KEY + folded name)
    name: str  # the name they played under in this game
    place: int  # 1 = first; players who finished level share a place
    behind: int  # players who finished after them
    worth: int  # net worth at the end (0 when bankrupt)
    bankrupt: bool
    points: int


@dataclass(frozen=True)
class Result:
    """One game of the night: its board, start and end, how it ended, and everyone's finish in order."""

    game: int
    board: str
    started: float
    ended: float | None  # None: not finished
    how: str  # the engine's end reason ("" when not finished)
    winner: str | None  # the winner's player key (None: a tie, or not finished)
    finish: tuple[Finish, ...]
    final: bool  # the championship game `admin final` started
    counted: bool  # ended, or not finished with night.unfinished: as_it_stands (the final: for the crown only)
    players: tuple[str, ...] = ()  # the names seated, in seat order

    @property
    def over(self) -> bool:
        """Whether the game ended."""
        return self.ended is not None

    def ending(self) -> str:
        """How it ended, in words: "bankruptcy", "the time limit", "admin end", "not finished"."""
        return HOW.get(self.how, self.how)


@dataclass(frozen=True)
class Standing:
    """One player's line of the standings."""

    rank: int  # players level on points, wins and worth share a rank
    player: str
    name: str  # their latest name
    points: int
    wins: int
    worth: int  # net worth at the ends of their counted games, added up
    games: int  # counted games played


@dataclass(frozen=True)
class Night:
    """The night as the database has it now: every game's result, the standings, the final."""

    rules: NightRules
    results: tuple[Result, ...]
    standings: tuple[Standing, ...]
    names: dict[str, str]  # player key -> latest name

    @property
    def final(self) -> Result | None:
        """The latest championship game, if `admin final` started one."""
        finals = [r for r in self.results if r.final]
        return finals[-1] if finals else None

    def running(self) -> list[Result]:
        """The games not finished."""
        return [r for r in self.results if not r.over]

    def rank_of(self, player: str) -> Standing | None:
        """A player's line of the standings."""
        return next((s for s in self.standings if s.player == player), None)

    def podium(self) -> list[tuple[int, str, str]]:
        """(place, player key, latest name), the night's order: the final's finish when it counts (ended, or as
        it stands), then everyone else by the standings; with no final, the standings. Level players share a place."""
        final = self.final
        out: list[tuple[int, str, str]] = []
        if final is not None and final.counted:
            out = [(f.place, f.player, self.names.get(f.player, f.name)) for f in final.finish]
        offset, seen, last = len(out), {key for _, key, _ in out}, None
        for s in self.standings:
            if s.player in seen:
                continue
            level = (s.points, s.wins, s.worth)
            place = out[-1][0] if last == level and len(out) > offset else len(out) + 1
            out.append((place, s.player, s.name))
            last = level
        return out

    def champion(self) -> tuple[str, str] | None:
        """(player key, latest name) of the night's champion: the first of the podium, alone there."""
        podium = self.podium()
        if not podium or (len(podium) > 1 and podium[1][0] == 1):
            return None
        return podium[0][1], podium[0][2]

    def fingerprint(self) -> list[list[Any]]:
        """What the crowning was decided from: each counted game's id and how it ended, with its order."""
        return [[r.game, r.how, [f.player for f in r.finish]] for r in self.results if r.counted]

    @classmethod
    def read(cls, store: Store, rules: NightRules, cache: Replays | None = None) -> Night:
        """The night from the database now (`cache`: the replays of an earlier read, kept by the caller)."""
        cache = cache if cache is not None else Replays()
        players = store.players()
        by_name: dict[str, list[str]] = {}
        for uuid, name in players.items():
            by_name.setdefault(name.casefold(), []).append(uuid)
        cache.follow(store)
        finals = store.finals()
        results: list[Result] = []
        names: dict[str, str] = {}
        for row in store.games():
            keys = _keys(store, row, by_name)
            for key, name in zip(keys, row.names):
                names[key] = players.get(key, name)
            if not row.over and rules.unfinished != AS_IT_STANDS and row.id not in finals:
                results.append(Result(row.id, row.board, row.started, None, "", None, (), False, False,
                                      tuple(row.names)))
                continue
            replay = cache.replay(store, row)
            results.append(_result(row, replay, keys, rules, final=row.id in finals))
        return cls(rules, tuple(results), _standings(results, names), names)


class NightUnreadable(MonopoliError):
    """The database holds a game the night cannot be read from (a damaged row): said, never a poll that fails
    for ever."""


def read_night(store: Store, rules: NightRules, replays: Replays | None = None) -> Night:
    """`Night.read` for a decision: a damaged row is NightUnreadable (the request or input is answered with it),
    not a StoreError, which would fail every poll."""
    try:
        return Night.read(store, rules, replays)
    except StoreError as exc:
        raise NightUnreadable(f"the night's standings cannot be read: {exc}") from None


@dataclass(frozen=True)
class _Replay:
    """What the standings need of one game's log: its end and everyone's finish, by seat."""

    ended: float | None
    how: str
    winner: int | None
    order: tuple[tuple[int, int, bool], ...]  # (seat, worth, bankrupt), first to last; equal worths level


@dataclass
class Replays:
    """Each ended game's replay, kept until its log grows: the action log only grows (an undo is a row too),
    so the games with a row above the last one seen are the games to replay again. The loop drops them all
    when a poll's transaction rolls back (rows it saw may be gone, their numbers taken again)."""

    kept: dict[int, tuple[bool, _Replay]] = field(default_factory=dict)  # game -> (over when replayed, replay)
    upto: int = 0  # the last action row seen

    def follow(self, store: Store) -> None:
        """Forget the replays of the games whose log grew since the last look (one range read of the log)."""
        top = int(store.db.execute("SELECT COALESCE(MAX(id), 0) FROM actions").fetchone()[0])
        if top < self.upto:  # another file, or rows rolled back: nothing kept can be trusted
            self.kept.clear()
        elif top > self.upto:
            for (game,) in store.db.execute("SELECT DISTINCT game FROM actions WHERE id > ?", (self.upto,)):
                self.kept.pop(int(game), None)
        self.upto = top

    def clear(self) -> None:
        """Keep nothing (after a rollback)."""
        self.kept.clear()
        self.upto = 0

    def replay(self, store: Store, row: GameRow) -> _Replay:
        """The game's replay (the one kept, when its log did not grow and it is still as over as it was)."""
        kept = self.kept.get(row.id)
        if kept is not None and kept[0] == row.over:
            return kept[1]
        replay = _replay(store, row)
        self.kept[row.id] = (row.over, replay)
        return replay


@lru_cache(maxsize=8)
def _board(name: str) -> Board:
    return load_board(board_path(name))


def _replay(store: Store, row: GameRow) -> _Replay:
    """Replay a game from its start, noting when each seat went out; raises StoreError for a damaged row."""
    rules = rules_of(row.rules)
    try:
        game = Game.new(rules, _board(rules.board), row.names, row.seed)
    except Exception as exc:  # a row changed outside monopoli
        raise store.damaged("games", row.id, f"the game cannot be rebuilt from it: {exc}") from None
    out: list[int] = []
    last = row.started
    for k, (action, t) in enumerate(_effective(store, row.id), start=1):
        try:
            game.apply(action)
        except Exception as exc:
            raise store.damaged("actions", f"{k} of game {row.id}", f"{action[0]} cannot be replayed: {exc}") \
                from None
        last = t
        out += [p for p, gone in enumerate(game.bankrupt) if gone and p not in out]
    over = game.phase == OVER
    standing = sorted((p for p in range(len(row.names)) if not game.bankrupt[p]),
                      key=lambda p: (p != game.winner, -game.net_worth(p)))
    order = tuple((p, game.net_worth(p), False) for p in standing) + tuple((p, 0, True) for p in reversed(out))
    return _Replay(last if over else None, game.end_reason if over else "", game.winner if over else None, order)


def _effective(store: Store, game: int) -> list[tuple[tuple[str, int, Any], float]]:
    """The effective actions of a game with when each was recorded (undo rows applied, as Store.effective)."""
    out: list[tuple[tuple[str, int, Any], float]] = []
    for rowid, kind, seat, arg, _origin, t in store.action_rows(game):
        if kind == UNDO:
            count = _cell(store, arg, rowid)
            del out[max(0, len(out) - (count if isinstance(count, int) and count > 0 else 1)):]
        elif kind != NOTE:
            out.append(((kind, seat, _cell(store, arg, rowid)), float(t)))
    return out


def _cell(store: Store, text: str, rowid: int) -> Any:
    """A JSON cell of the action log, or the StoreError naming its row."""
    try:
        return json.loads(text)
    except (TypeError, ValueError):
        raise store.damaged("actions", rowid, f"its arg is {str(text)[:40]!r}, not JSON") from None


def _keys(store: Store, row: GameRow, by_name: dict[str, list[str]]) -> list[str]:
    """Each seat's player key: the UUID recorded when the game started, else the one UUID the server showed
    for that name, else the folded name."""
    recorded = store.seat_uuids(row.id, _uuids)
    out = []
    for seat, name in enumerate(row.names):
        uuid = recorded[seat] if recorded is not None and seat < len(recorded) else None
        if uuid is None:
            known = by_name.get(name.casefold(), [])
            uuid = known[0] if len(known) == 1 else None
        out.append(uuid if uuid is not None else NAME_KEY + name.casefold())
    return out


def _uuids(value: Any) -> list[str | None] | None:
    if value is None:
        return None
    if not isinstance(value, list) or not all(v is None or isinstance(v, str) and v for v in value):
        raise ValueError("expected a list of UUIDs")
    return value


def _result(row: GameRow, replay: _Replay, keys: list[str], rules: NightRules, *, final: bool) -> Result:
    """A game's result: players still in with the same net worth (the winner aside) share a place."""
    def level(i: int) -> tuple[Any, ...]:
        seat, worth, bankrupt = replay.order[i]
        return ("out", i) if bankrupt or seat == replay.winner else ("in", worth)

    n = len(replay.order)
    finish: list[Finish] = []
    for i, (seat, worth, bankrupt) in enumerate(replay.order):
        same = [j for j in range(n) if level(j) == level(i)]
        place, behind = same[0] + 1, n - 1 - same[-1]
        finish.append(Finish(keys[seat], row.names[seat], place, behind, worth, bankrupt,
                             rules.points_for(place, behind)))
    counts = replay.ended is not None or rules.unfinished == AS_IT_STANDS
    winner = keys[replay.winner] if replay.winner is not None else None
    return Result(row.id, row.board, row.started, replay.ended, replay.how, winner, tuple(finish), final, counts,
                  tuple(row.names))


def _standings(results: list[Result], names: dict[str, str]) -> tuple[Standing, ...]:
    """The counted games (the final aside) added up by player: points, then wins, then worth."""
    totals: dict[str, list[int]] = {}
    for result in results:
        if not result.counted or result.final:
            continue
        for f in result.finish:
            total = totals.setdefault(f.player, [0, 0, 0, 0])
            total[0] += f.points
            total[1] += int(result.winner == f.player)
            total[2] += f.worth
            total[3] += 1
    order = sorted(totals, key=lambda k: (-totals[k][0], -totals[k][1], -totals[k][2], names[k].casefold()))
    out: list[Standing] = []
    for i, key in enumerate(order):
        points, wins, worth, games = totals[key]
        rank = out[-1].rank if out and (out[-1].points, out[-1].wins, out[-1].worth) == (points, wins, worth) \
            else i + 1
        out.append(Standing(rank, key, names[key], points, wins, worth, games))
    return tuple(out)


# -- the crowning, as recorded ------------------------------------------------------------------------
# Stored (meta `crowned`): {"at", "champion", "name", "games": Night.fingerprint(), "top", "three", "color"}: what
# every world of the night announces (tidings.py), read from the record, not the night


@dataclass(frozen=True)
class Crowning:
    """The last `admin crown`: when, whom, the results it was decided from, and what every world announces."""

    at: float
    champion: str | None  # player key (None: level at the top, no single champion)
    name: str
    games: list[list[Any]]
    top: tuple[str, ...] = ()  # the names in the first place (several: level at the top)
    three: tuple[str, ...] = ()  # the podium's lines for the chat: "1. Robin (2 points)"
    color: str = ""  # the fireworks' colour: the champion's banner colour

    def stale(self, night: Night) -> str | None:
        """Why the night no longer gives this crowning (a game reopened, ended since or changed), or None."""
        then = {g[0]: g for g in self.games}
        now = {g[0]: g for g in night.fingerprint()}
        boards = {r.game: r.board for r in night.results}
        reopened = [g for g in then if g not in now]
        if reopened:
            return f"game {reopened[0]} at board {boards.get(reopened[0], '?')} was reopened since (an undo)"
        changed = [g for g in then if now[g] != then[g]]
        if changed:
            return f"game {changed[0]} at board {boards.get(changed[0], '?')} ended otherwise since (an undo)"
        new = [g for g in now if g not in then]
        if new:
            return f"game {new[0]} at board {boards.get(new[0], '?')} ended after the crowning"
        return None


def crowned(store: Store) -> Crowning | None:
    """The last crowning recorded in the database, if any."""
    def shape(value: Any) -> Crowning | None:
        if value is None:
            return None
        top, three = value.get("top", []), value.get("three", [])
        if not all(isinstance(v, str) for v in [*top, *three, value.get("color", "")]):
            raise ValueError("its top, podium or colour is not text")
        return Crowning(float(value["at"]), value["champion"], str(value["name"]), list(value["games"]),
                        tuple(top), tuple(three), str(value.get("color", "")))
    return store.crowning(shape)


def record_crowning(store: Store, night: Night, at: float, color: str = "") -> Crowning:
    """Record a crowning of the night as it is now (inside the transaction that decides it), with what every world
    announces: the names at the top, the podium's lines with each player's points, the fireworks' colour."""
    champion = night.champion()
    podium = night.podium()
    points = {st.player: st.points for st in night.standings}
    three = tuple(f"{place}. {name}" + (f" ({points[key]} point{'s' if points[key] != 1 else ''})"
                                        if key in points else "") for place, key, name in podium if place <= 3)
    crowning = Crowning(at, champion[0] if champion else None, champion[1] if champion else "", night.fingerprint(),
                        tuple(name for place, _key, name in podium if place == 1), three, color)
    store.set_crowning({"at": at, "champion": crowning.champion, "name": crowning.name,
                                            "games": crowning.games, "top": list(crowning.top),
                                            "three": list(crowning.three), "color": color})
    return crowning


# -- the night as plain data (JSON, CSV) ----------------------------------------------------------------
STANDING_FIELDS = ("rank", "name", "player", "points", "wins", "net_worth", "games")


def standing_rows(night: Night) -> list[dict[str, Any]]:
    """The standings as rows: rank, latest name, player (UUID), points, wins, net worth, games."""
    return [{"rank": s.rank, "name": s.name, "player": s.player, "points": s.points, "wins": s.wins,
             "net_worth": s.worth, "games": s.games} for s in night.standings]


def game_rows(night: Night) -> list[dict[str, Any]]:
    """Every game of the night: board, players, start and end, how it ended, winner, final net worths."""
    out = []
    for r in night.results:
        out.append({"game": r.game, "board": r.board, "players": list(r.players), "started": r.started,
                    "ended": r.ended, "how": r.ending(), "final": r.final, "counted": r.counted and not r.final,
                    "winner": night.names.get(r.winner, "") if r.winner else None,
                    "finish": [{"place": f.place, "name": f.name, "player": f.player, "net_worth": f.worth,
                                "bankrupt": f.bankrupt, "points": f.points} for f in r.finish]})
    return out


def as_data(night: Night, crowning: Crowning | None = None) -> dict[str, Any]:
    """The whole night as JSON-safe data."""
    champion = night.champion()
    return {"scoring": night.rules.describe(), "standings": standing_rows(night), "games": game_rows(night),
            "podium": [{"place": p, "name": n, "player": k} for p, k, n in night.podium()[:3]],
            "champion": champion[1] if champion else None,
            "crowned": None if crowning is None else {"at": crowning.at, "champion": crowning.name,
                                                      "stale": crowning.stale(night)}}


def standings_csv(night: Night) -> str:
    """The standings as CSV, one row a player, with a header."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=STANDING_FIELDS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(standing_rows(night))
    return out.getvalue()
