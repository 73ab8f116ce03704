"""The operator's desk: seat, unseat, start, end, pay, fine, move, give-deed, trade, pause, resume, undo, kick,
bankrupt, sync, status.

Requests come from `monopoli admin ...` (through the store) and from the in-game
`/function monopoli:admin/...` (through the inbox). Money, moves, deeds and kicks
go through the rules engine, so the operator cannot break the rules by accident.
"""

from __future__ import annotations

import dataclasses
import difflib
import time
from typing import Any

from monopoli_mc.bridge import outbox
from monopoli_mc.controller.decide import crown, worlds
from monopoli_mc.controller.db import setaside
from monopoli_mc.controller.clocks import stall, timelimit, timers
from monopoli_mc.controller.clocks.status import admin, net_worths, next_game, queue_words, result, status_line
from monopoli_mc.controller.decide.snapshot import Snapshot
from monopoli_mc.controller.game.table import BoardGame
from monopoli_mc.controller.game.undo import undo
from monopoli_mc.datapack.escape import player_name
from monopoli_mc.errors import IllegalAction, MonopoliError, RconError, StoreError
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.narrate import Narrator
from monopoli_mc.rules.phases import OVER, SYSTEM

KINDS = ("seat", "unseat", "start", "end", "pay", "fine", "move", "give_deed", "give-deed", "trade", "pause", "resume", "undo",
         "kick", "bankrupt", "sync", "status", "final", "crown")
_ENGINE = {"pay": "admin_pay", "fine": "admin_fine", "move": "admin_move", "give_deed": "admin_give_deed",
           "kick": "kick", "bankrupt": "admin_bankrupt"}
Writes = list[str]


class BoardNeeded(MonopoliError):
    """The request needs a board and there is more than one."""


class SeatRefused(IllegalAction):
    """A seat refused: the operator's answer (the message) and the same in words for the player who
    typed /trigger join (`player`: what happens next, never an operator's command)."""

    def __init__(self, why: str, *, player: str, others: tuple[str, ...] = ()) -> None:
        super().__init__(why)
        self.player = player
        self.others = others  # players told the same line (a name that equals theirs but for its case)


class AdminDesk:
    """Answers operator requests from a poll's snapshot (inside the poll's transaction)."""

    def __init__(self, snapshot: Snapshot) -> None:
        self.s = snapshot

    def handle(self, kind: str, args: dict[str, Any], board: str | None, *, origin: str,
               name_board: str = "--board NAME") -> tuple[str, Writes]:
        """Do one request; returns the answer for the operator and the world writes.

        `name_board` says how the operator names a board, for the answer when one is needed."""
        try:
            return self._handle(kind, args, board, origin)
        except (RconError, StoreError):  # not the request's fault: the whole poll fails and is retried
            raise
        except BoardNeeded as exc:
            return f"error: {exc} ({name_board})", []
        except IllegalAction as exc:
            return f"refused: {exc}", []
        except MonopoliError as exc:
            return f"error: {exc}", []

    def _handle(self, kind: str, args: dict[str, Any], board: str | None, origin: str) -> tuple[str, Writes]:
        kind = kind.replace("-", "_")
        if kind not in KINDS:
            raise MonopoliError(f"unknown request {kind!r}; known: {', '.join(KINDS)}")
        if kind == "seat":
            name, warning = self._seen(_name(args), board, offline=args.get("offline") is True)
            answer, writes = self.seat(name, board or self._only_board(), origin=origin)
            return answer + warning, writes
        if kind == "unseat":
            return self.unseat(_name(args), board)
        if kind == "start" and args.get("all") is True and board is None:
            return self.start_all(origin=origin)
        if kind == "start":
            return self.start(self._table(board, args), origin=origin)
        if kind == "status":
            tables = [self._table(board, {})] if board is not None else list(self.s.tables.values())
            online, aside = self.s.reads.online, setaside.status_line(self.s.store)
            lines = [status_line(t, self.s.store.lobby(t.name), self.s.rules.min_players, online=online,
                                 several=self._several) for t in tables]
            if board is None:  # the night's boards on its other servers, as the database has them
                lines += worlds.other_boards(self.s.store, self.s.tables, self.s.wall)
            crowning = crown.status(self.s)
            return "\n".join(lines + ([aside] if aside else []) + ([crowning] if crowning else [])), []
        if kind == "crown":
            return crown.crown(self.s, now=args.get("now") is True)
        if kind == "final":
            return self.final(self._table(board, {}), args.get("players"), origin=origin)
        table = self._table(board, args)
        if kind in ("pause", "resume"):
            timers.set_paused(self.s.store, table, kind == "pause", now=self.s.now, wall=self.s.wall)
            word = "paused" if table.paused else "resumed"
            self._note(table, f"The operator {word} the game", origin)
            return f"board {table.name!r} {word}", outbox.say(table.view, f"The operator {word} the game.")
        if kind == "sync":
            return f"board {table.name!r} synced", table.sync()
        game = _game(table)
        if kind == "undo":
            return self.undo(table, origin)
        if kind == "end":
            return self.end(table, origin)
        if kind == "trade":
            offer = _offer(table, args)
            seat = game.names.index(_name(args, "from"))
            action: tuple[str, int, Any] = ("propose_trade", seat, offer)
            answer = (f"trade offered: {Narrator(game.board, game.names).describe_offer(offer)}; "
                      f"{game.names[offer['to']]} accepts with /trigger accept")
        else:
            seat = _seat(table, _name(args))
            arg: dict[str, Any] = {"player": seat}
            if kind in ("pay", "fine"):
                arg["amount"] = args.get("amount")
            elif kind in ("move", "give_deed"):
                arg["space"] = args.get("space")
            action = (_ENGINE[kind], SYSTEM, arg)
            answer = f"{kind.replace('_', '-')} {game.names[seat]}: done"
            owed = stall.debt(game)
            if kind == "bankrupt" and owed is not None and owed[0] == seat:
                to = Narrator(game.board, game.names).who(owed[1])
                answer = f"{game.names[seat]} is bankrupt: everything goes to {to} (owed ${owed[2]:,})"
        why = game.explain(action)
        if why is not None:
            raise IllegalAction(why)
        if kind == "kick":  # the engine tells a bankruptcy: say first whose doing it was
            self._note(table, f"The operator took {game.names[seat]} out of the game", origin)
        writes = self.s.apply(table, action, origin)
        if kind == "move" and not table.view.teleport:
            writes.append(outbox.calls.teleport(game.names[seat], table.name, game.pos[seat]))
        return answer, writes

    def seat(self, name: str, board: str | None, *, origin: str) -> tuple[str, Writes]:
        """Seat a player at a board's next game (and start it when enough are seated)."""
        player_name(name)  # a name a Minecraft player can have, or a clear error
        if board is None:
            return "stand on a board to join its game", []
        twins = self._twins(name)
        if twins:
            line = (f"{name} cannot be seated: {twins[0]} is a player of tonight too, and Minecraft finds a "
                    f"player by name ignoring case, so books, cash and prompts could reach the wrong one; "
                    f"play under another name")
            raise SeatRefused(line, player=line, others=twins)
        table = self.s.tables.get(board)
        if table is None:
            raise MonopoliError(f"no board named {board!r}")
        running = table.game is not None and table.game.phase != OVER
        if running and table.seat_of(name) is not None:
            raise SeatRefused(f"{name} already plays on board {board!r}",
                              player=f"You already play at board {board}: nothing to join.")
        playing = self.s.table_of(name)
        if playing not in (None, table) and playing.game.phase != OVER:  # type: ignore[union-attr]
            raise SeatRefused(f"{name} already plays at another board",
                              player=f"You play at board {playing.name}: finish that game first.")  # type: ignore[union-attr]
        lobby = self.s.store.lobby(board)
        if name in lobby:
            if running:
                return f"{name} is already queued for the next game on board {board!r} ({queue_words(lobby)})", []
            return f"{name} is already seated ({len(lobby)} seated)", []
        elsewhere = [b for b in self.s.tables if b != board and name in self.s.store.lobby(b)]
        if elsewhere:
            raise SeatRefused(f"{name} is already seated at board {elsewhere[0]!r}; "
                              f"`monopoli admin unseat {name}` takes them out first",
                              player=f"You are already seated at board {elsewhere[0]}, for its next game: "
                                     f"play there, or ask the organiser to take you off it first.")
        beyond = worlds.seat_elsewhere(self.s.store, self.s.tables, name)  # a board of another server's world
        if beyond is not None:
            raise SeatRefused(beyond[0], player=beyond[1])
        full = f"Board {board} is full ({len(lobby)} seated): join another board, or the next game here."
        if len(lobby) >= self.s.rules.max_players:
            raise SeatRefused(f"board {board!r} is full ({len(lobby)} seated)", player=full)
        if len(lobby) >= len(table.view.colors) and not self.s.rules.roles:  # with sides, colours are by side
            raise SeatRefused(f"board {board!r} is full: {self.s.world.source or 'the world config'} lists "
                              f"{len(table.view.colors)} colours, one per player; add more under colors:",
                              player=full)
        self.s.store.seat(board, name)
        lobby.append(name)
        if running:  # a seat at the next game: they hear this game's table only when theirs starts
            return self._queued(table, name, lobby)
        writes = outbox.sit(table.view, name)
        writes += outbox.say(table.view, f"{name} joined board {board} ({len(lobby)} seated).")
        start_at = self.s.settings.start_at
        if start_at is not None and len(lobby) >= max(start_at, self.s.rules.min_players):
            answer, more = self.start(table, origin=origin)
            return f"{name} seated; {answer}", writes + more
        return f"{name} seated at board {board!r} ({len(lobby)} seated)", writes

    def _twins(self, name: str) -> tuple[str, ...]:
        """Seated or seen players whose name equals this one but for its case (offline mode allows both)."""
        seated = [n for t in self.s.tables.values() for n in (t.game.names if t.game is not None else [])]
        seated += [n for b in self.s.tables for n in self.s.store.lobby(b)]
        return tuple(sorted({n for n in [*seated, *self.s.names.values()]
                             if n != name and n.lower() == name.lower()}))

    def _queued(self, table: BoardGame, name: str, lobby: list[str]) -> tuple[str, Writes]:
        """A seat reserved at a board's next game while its game runs: the player is told their place."""
        place = len(lobby)
        self.s.say(f"[{table.name}] {name} is queued for the next game (place {place})")
        told = (f"A game is running at board {table.name}: you have a seat at its next game, place {place} in "
                f"the queue. You will be told when the table is free.")
        return (f"{name} queued for the next game on board {table.name!r}, place {place} "
                f"({queue_words(lobby)})",
                outbox.tell(table.view, name, told))

    @property
    def _several(self) -> bool:
        """Whether the world has several boards (the commands named carry --board)."""
        return len(self.s.tables) > 1

    def _seen(self, name: str, board: str | None, *, offline: bool) -> tuple[str, str]:
        """The name as the server spells it, and a warning when it was forced (`--offline`).

        Raises IllegalAction for a name the server never showed, so a misspelt one is not seated.
        """
        player_name(name)
        seen = self.s.seen(name)
        if seen is not None:
            return seen, ""
        if offline:
            return name, (f"; warning: the server has never shown a player named {name}: check the spelling "
                          f"(`monopoli admin unseat {name}` takes them out before the start)")
        hint = did_you_mean(name, sorted(set(self.s.names.values())))
        where = board if board is not None else "NAME"  # as typed: the board the operator means
        anyway = admin(f"seat {name} --offline", where, several=self._several)
        raise IllegalAction(f"no player named {name} has been on the server{hint}; check the spelling, or "
                            f"seat them anyway with `{anyway}`")

    def unseat(self, name: str, board: str | None) -> tuple[str, Writes]:
        """Take a seated player out before their board's game starts."""
        player_name(name)
        if board is None:
            boards = [b for b in self.s.tables if name in self.s.store.lobby(b)]
            playing = self.s.table_of(name)  # to be told the game has started, not to name the board
            board = boards[0] if boards else playing.name if playing else self._only_board()
        table = self._table(board, {})
        lobby = self.s.store.lobby(table.name)
        if name not in lobby:
            if table.seat_of(name) is not None and table.game is not None and table.game.phase != OVER:
                kick, end = (admin(c, table.name, several=self._several) for c in (f"kick {name}", "end"))
                raise IllegalAction(f"the game on board {table.name!r} has started: `{kick}` "
                                    f"takes {name} out (everything goes to the bank), `{end}` ends the game")
            raise IllegalAction(f"{name} is not seated at board {table.name!r}{did_you_mean(name, lobby)}; "
                                f"seated: {', '.join(lobby) or 'nobody'}")
        self.s.store.unseat(table.name, name)
        lobby.remove(name)
        if table.game is not None and table.game.phase != OVER:  # out of the queue: the table plays on unbothered
            left = f" ({queue_words(lobby)})" if lobby else ""
            return (f"{name} taken out of the queue for the next game on board {table.name!r}{left}",
                    outbox.tell(table.view, name, f"You no longer have a seat at the next game at board "
                                                  f"{table.name}."))
        writes = outbox.say(table.view, f"{name} left board {table.name} ({len(lobby)} seated).")
        writes += outbox.unsit(table.view, name)  # after the line, so they hear it too
        return f"{name} unseated from board {table.name!r} ({len(lobby)} seated)", writes

    def start(self, table: BoardGame, *, origin: str) -> tuple[str, Writes]:
        """Start a board's game with the players seated (order by a throw, as the sheet says)."""
        if table.game is not None and table.game.phase != OVER:
            raise IllegalAction(f"board {table.name!r} already has a game running")
        names = self.s.store.lobby(table.name)
        rules = self.s.rules
        if len(names) < rules.min_players:
            raise IllegalAction(f"board {table.name!r} needs {rules.min_players} players, {len(names)} seated")
        seed = self.s.settings.seed
        if seed is None:
            seed = int(time.time() * 1000) % 2**31
        seed += list(self.s.tables).index(table.name)
        game, last, last_id = Game.new(rules, self.s.board, names, seed), table.game, table.game_id
        table.game_id = self.s.store.new_game(table.name, dataclasses.asdict(rules), seed, names)
        uuids = {n.casefold(): u for u, n in self.s.names.items()}  # who each seat is, at every table (night.py)
        self.s.store.set_seat_uuids(table.game_id, [uuids.get(n.casefold()) for n in names])
        table.game, table.n_actions, table.shown, table.prompted = game, 0, {}, ()
        table.books_out, table.offers = [], {}
        limit = self.s.settings.time_limit
        timelimit.store_limit(self.s.store, table.game_id, timelimit.rule_limit(dataclasses.asdict(rules))
                              if limit is None else limit)
        row = self.s.store.current_game(table.name)
        assert row is not None
        table.since = row.started
        line = timelimit.follow(self.s.store, table, row, limit, self.s.wall, override=False)
        if line:
            self.s.say(line)
        self.s.events.setdefault(table.name, []).extend(game.setup_events)
        if rules.roles:
            colors = ", ".join(f"{role}s {color}" for role, color in table.view.role_colors)
            colors += " (sides are chosen first)"
        else:
            colors = ", ".join(f"{n} {table.view.color(game, i)}" for i, n in enumerate(names))
        ends = f" Time limit: {timelimit.words(table.limit)}." if table.limit else ""
        # The last game's books, lines, titles and seats go first, but not those of its players who sat down
        # at another board since: that board's game gave them theirs.
        gone = [] if last is None else [name for name in last.names if self._elsewhere(name, table, last_id)]
        writes = outbox.take_back_last_game(last, game, table.view, elsewhere=gone)
        writes += outbox.say(table.view, f"Game on! Colours: {colors}. {names[game.current]} starts.{ends}")
        self.s.say(f"[{table.name}] game {table.game_id} starts: {colors}; seed {seed}"
                   f"{'; time limit ' + timelimit.words(table.limit) if table.limit else ''}")
        return f"game started on board {table.name!r} with {len(names)} players", writes

    def final(self, table: BoardGame, players: Any, *, origin: str) -> tuple[str, Writes]:
        """Seat the night's top players at a board and start the championship game (`admin final`)."""
        if players is not None and (type(players) is not int):
            raise MonopoliError(f"the final's number of players is a whole number, found {players!r}")
        names = crown.finalists(self.s, table, players)
        moved, writes, elsewhere = crown.seat_final(self.s, table, names)
        answer, more = self.start(table, origin=origin)
        writes += more + crown.mark_final(self.s, table, elsewhere)
        also = f" ({'; '.join(moved)})" if moved else ""
        return f"the final at board {table.name!r}: {', '.join(names)}; {answer}{also}", writes

    def start_all(self, *, origin: str) -> tuple[str, Writes]:
        """Start every board with no game running and enough players seated (`admin start --all`); the
        answer names those started and, for each other, why not. Refused when none could start."""
        started: list[str] = []
        not_started: list[str] = []
        writes: Writes = []
        for table in self.s.tables.values():
            if table.game is not None and table.game.phase != OVER:
                not_started.append(f"{table.name} (its game {table.game_id} is running)")
                continue
            seated, least = len(self.s.store.lobby(table.name)), self.s.rules.min_players
            if seated < least:
                not_started.append(f"{table.name} ({seated} seated, {least} needed)")
                continue
            writes += self.start(table, origin=origin)[1]
            started.append(f"{table.name} ({seated} players)")
        rest = f"; not started: {', '.join(not_started)}" if not_started else ""
        if not started:
            raise IllegalAction(f"no board started{rest}")
        return f"games started on {', '.join(started)}{rest}", writes

    def _elsewhere(self, name: str, table: BoardGame, last_id: int) -> bool:
        """Whether a player of a board's last game (`last_id`) has sat down at another board since: seated for
        its next game, or in a game it started after (running or over)."""
        others = [t for t in self.s.tables.values() if t is not table]
        return (any(name in self.s.store.lobby(t.name) for t in others)
                or any(t.seat_of(name) is not None and t.game_id > last_id for t in others))

    def end(self, table: BoardGame, origin: str) -> tuple[str, Writes]:
        """End a board's game now: the richest by net worth wins (a tie names all at the top); the world
        is told (chat and titles)."""
        game = _game(table)
        if game.phase == OVER:
            raise IllegalAction(f"the game on board {table.name!r} is over already; "
                                f"next: {next_game(table.name, several=self._several)}")
        writes = self.s.apply(table, ("admin_end", SYSTEM, None), origin)
        return (f"game {table.game_id} on board {table.name!r} ended: {result(game)}; "
                f"net worth {net_worths(game)}"), writes

    def undo(self, table: BoardGame, origin: str) -> tuple[str, Writes]:
        """Revert the last action a person chose (and the automatic ones after it), sync, tell the table."""
        done = undo(table, self.s.store, self.s.board, origin, self.s.tables.values())
        if done is None:
            return f"nothing to undo on board {table.name!r}", []
        game = table.game
        assert game is not None
        books = len(table.books_out)
        table.books_out = [b for b in table.books_out if ("draw", *b) not in done.events]
        if len(table.books_out) != books:
            self.s.store.set_books_out(table.name, table.books_out)
        told = f": {done.told}" if done.told else ""
        self._note(table, f"The operator undid {done.words}", origin)
        writes = outbox.undone(game, done.events, table.view) + table.sync()
        how = ""
        if game.phase != OVER and table.ends_at is not None and self.s.wall >= table.ends_at:
            # Else the clock would end the game again at the next poll, the undo undone unasked.
            timelimit.lift(self.s.store, table)
            if done.actions[-1][0] == "time_up":
                told = ""  # "GAME OVER: ..." is what was undone, not news
            told += "; its time was up, so the game goes on without a time limit"
            how = f" (`{admin('end', table.name, several=self._several)}` ends it)"
        writes += outbox.say(table.view, f"The operator undid {done.words}{told}.")
        return f"undid {done.words} on board {table.name!r}{told}{how}", writes

    def _note(self, table: BoardGame, line: str, origin: str) -> None:
        """A line of the game's move list that is no action: kept with the game, shown on the page."""
        if table.game is None:
            return
        self.s.store.note(table.game_id, line, origin)
        table.log.append((table.game_id, line))

    def _only_board(self) -> str:
        if len(self.s.tables) == 1:
            return next(iter(self.s.tables))
        raise BoardNeeded(f"name the board: one of {', '.join(self.s.tables)}")

    def _table(self, board: str | None, args: dict[str, Any]) -> BoardGame:
        if board is not None:
            if board not in self.s.tables:
                raise MonopoliError(f"no board named {board!r}; boards: {', '.join(self.s.tables)}")
            return self.s.tables[board]
        player = args.get("player") or args.get("from")
        if isinstance(player, str):
            found = self.s.table_of(player)
            if found is not None:
                return found
            if len(self.s.tables) > 1:  # a misspelt name would be told "name the board"
                playing = [n for t in self.s.tables.values() if t.game is not None for n in t.game.names]
                raise MonopoliError(f"{player} plays at no board{did_you_mean(player, playing)}; give --board "
                                    "NAME if they do")
        return self.s.tables[self._only_board()]


def _name(args: dict[str, Any], key: str = "player") -> str:
    value = args.get(key)
    if not isinstance(value, str) or not value:
        raise MonopoliError(f"the request needs a {key} name, found {value!r}")
    return value


def _game(table: BoardGame) -> Game:
    if table.game is None:
        raise MonopoliError(f"no game on board {table.name!r} yet")
    return table.game


def _seat(table: BoardGame, name: str) -> int:
    game = _game(table)
    try:
        return game.names.index(name)
    except ValueError:
        raise MonopoliError(f"{name} does not play on board {table.name!r}{did_you_mean(name, game.names)}; "
                            f"players: {', '.join(game.names)}") from None


def did_you_mean(name: str, names: list[str]) -> str:
    """" (did you mean Alex?)" when a name is near one of `names` (or the same but for case), else ""."""
    folded = {n.casefold(): n for n in names}
    near = difflib.get_close_matches(name.casefold(), sorted(folded), n=3, cutoff=0.6)
    return f" (did you mean {' or '.join(folded[n] for n in near)}?)" if near else ""


def _offer(table: BoardGame, args: dict[str, Any]) -> dict[str, Any]:
    _seat(table, _name(args, "from"))
    to = _seat(table, _name(args, "to"))
    return {"to": to, "give": [int(s) for s in args.get("give", [])],
            "get": [int(s) for s in args.get("get", [])],
            "give_cash": int(args.get("give_cash", 0)), "get_cash": int(args.get("get_cash", 0)),
            "give_cards": int(args.get("give_cards", 0)), "get_cards": int(args.get("get_cards", 0))}
