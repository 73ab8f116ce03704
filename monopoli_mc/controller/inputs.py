"""An input from outside: one inbox entry or one operator request, one savepoint, one answer.

`apply_entry` is the one place an inbox entry can fail, `answer_request` the one place an
operator's request from `monopoli admin` can, `apply_timer` the one place a clock's action
(an auction's quiet time, the time limit) can. Whatever the reason (a name no command
can carry, a value nothing accepts, an error nobody foresaw), what the input changed is
undone; an entry is recorded in the `set_aside` table with why, its player told where that
is possible (by name, else by a selector of the name), and the log says so; a request is
answered with the error. Either way the poll moves on. Only the server or the database
failing fails the poll (then nothing of it was kept and it is read again).
Deciding asks the server nothing: names, positions and the game time were read first.
"""

from __future__ import annotations

import json
import logging
from typing import TYPE_CHECKING, Callable, TypeVar

from monopoli_mc.bridge import outbox
from monopoli_mc.bridge.inbox import WorldEvent
from monopoli_mc.controller import ingame, intents, offers, setaside
from monopoli_mc.controller.admin import SeatRefused
from monopoli_mc.controller.store import Request
from monopoli_mc.controller.table import Action, BoardGame
from monopoli_mc.datapack import calls
from monopoli_mc.datapack.escape import is_player_name
from monopoli_mc.errors import MonopoliError, RconError, StoreError
from monopoli_mc.rules.events import Event

if TYPE_CHECKING:
    from monopoli_mc.controller.loop import Controller

log = logging.getLogger("monopoli_mc.controller")
Batches = dict[str, list[Event]]
T = TypeVar("T")


class SetAside(MonopoliError):
    """An entry that cannot be applied, said for the player (`tell`) and the operator (the message)."""

    def __init__(self, why: str, *, tell: str | None = None) -> None:
        super().__init__(why)
        self.tell = tell


def apply_entry(c: Controller, event: WorldEvent, batches: Batches) -> list[str]:
    """Handle one entry in a savepoint: its writes, or the answer that it was set aside."""
    done = _undoable(c, batches, lambda: _handle(c, event, batches), f"inbox entry {event!r}")
    if not isinstance(done, Exception):
        return done
    bug = not isinstance(done, MonopoliError)
    why = f"a controller error ({type(done).__name__}: {done})" if bug else str(done)
    tell = "that did not work (a controller error); tell the operator" if bug else str(done)
    return set_aside(c, event, why, tell=done.tell if isinstance(done, SetAside) else tell)


def answer_request(c: Controller, request: Request, batches: Batches) -> list[str]:
    """Answer one operator request from `monopoli admin` in a savepoint: even a controller error is an
    answer (the request is never taken again), never a poll that fails forever."""
    handled = _undoable(c, batches, lambda: c.desk.handle(request.kind, request.args, request.board,
                                                          origin=f"request {request.id}", batches=batches),
                        f"request {request.id} ({request.kind})")
    writes: list[str] = []
    if isinstance(handled, Exception):
        answer = f"error: a controller error ({type(handled).__name__}: {handled}); nothing was changed"
    else:
        answer, writes = handled
    c.store.answer(request.id, answer)
    c.on_line(f"operator {request.kind}: {answer}")
    return writes


def apply_timer(c: Controller, table: BoardGame, action: Action, batches: Batches) -> list[str]:
    """A clock's action on a board in a savepoint. When it fails, what it did is undone and the
    operator told once: the clock tries again only after the board's game has moved on (a bid,
    an operator's undo), so one broken timer never fails every poll of every board."""
    done = _undoable(c, batches, lambda: c.apply(table, action, "clock", batches),
                     f"board {table.name!r}: the clock's {action[0]}")
    if not isinstance(done, Exception):
        return done
    c.stuck_timers.add((table.name, table.game_id, table.n_actions, action[0]))
    bug = not isinstance(done, MonopoliError)
    why = f"a controller error ({type(done).__name__}: {done})" if bug else str(done)
    c.on_line(f"warning: board {table.name!r}: the clock's {action[0]} could not be applied: {why}. "
              f"The board waits; the clock tries again once its game moves on (`monopoli admin undo "
              f"--board {table.name}` takes the last move back){'; please report this line' if bug else ''}")
    return []


def _undoable(c: Controller, batches: Batches, work: Callable[[], T], what: str) -> T | Exception:
    """`work()` in a savepoint; when it fails, what it did is undone in memory too and the error returned.

    The server and the database failing are not the input's fault: they fail the whole poll.
    """
    before = [(t.game_id, t.n_actions) for t in c.tables.values()]
    sizes = {name: len(events) for name, events in batches.items()}
    try:
        with c.store.savepoint():
            return work()
    except (RconError, StoreError):
        raise
    except Exception as exc:
        bug = not isinstance(exc, MonopoliError)
        if bug:
            log.exception("%s failed", what)
        if bug or before != [(t.game_id, t.n_actions) for t in c.tables.values()]:
            c.reload()  # it failed after changing a game: undo that in memory too
            for name in list(batches):
                del batches[name][sizes.get(name, 0):]
        return exc


def set_aside(c: Controller, event: WorldEvent, why: str, *, tell: str | None) -> list[str]:
    """Record an entry that cannot be applied, say so in the log, and tell its player where possible."""
    name = c.players.names.get(event.uuid or "")
    row = setaside.record(c.store, c.world_id, event, name, why)
    c.on_line(f"warning: inbox entry set aside: {row.describe()}")
    if tell is None:
        return []
    return c.players.tell(c.any_view(), name, tell)


def _handle(c: Controller, event: WorldEvent, batches: Batches) -> list[str]:
    if event.is_admin:
        return ingame.admin(c, event, batches)
    name = c.players.names.get(event.uuid or "")
    if name is None:
        unlisted = "the server did not list" if c.players.listing.reads else "the server's player list did not name"
        raise SetAside(f"from a player {unlisted} (UUID {event.uuid or 'none'})", tell=None)
    misuse = intents.bare_misuse(event.kind, event.value, button=event.button)
    if misuse is not None:
        return c.tell(name, misuse)
    if event.kind == "online":
        return _online(c, name, event)
    if event.kind == "join":
        if not is_player_name(name):
            raise SetAside(f"the name {name!r} cannot appear in a command, so no board can seat it",
                           tell="the board cannot seat you: your name cannot be written in a Minecraft "
                                "command; play under a name of letters, digits and _ (ask the organiser)")
        return _join(c, name, event, batches)
    table = c.table_of(name)
    if table is None or table.game is None:
        seated = [board for board in c.tables if name in c.store.lobby(board)]
        if seated:  # waiting for their board's game: the press is early, not wrong
            return c.tell(name, f"You are seated at board {seated[0]}; its game has not started yet.")
        return c.tell(name, "you are not playing at a board: stand on it and use /trigger join")
    game = table.game
    seat = table.seat_of(name)
    assert seat is not None
    if event.kind == "jar":
        return c.tell(name, f"The Free Parking jar holds ${game.jar}.")
    if event.kind == "deed":
        space = event.value
        if space is None or not 0 <= space < len(game.board.spaces) or not game.board.spaces[space].is_deed:
            return c.tell(name, f"space {space!r} has no title deed; deeds are spaces 1 to 39")
        return [calls.deed(name, space, game=table.game_id)]
    if event.kind not in intents.game_kinds() and event.kind not in offers.KINDS:
        return c.tell(name, f"unknown input {event.kind!r}")
    if table.paused:
        return c.tell(name, "the game is paused by the operator; wait a moment")
    if event.kind in offers.KINDS:
        return _offer(c, table, seat, event, batches)
    action = intents.to_action(game, seat, event.kind, event.value)
    if isinstance(action, str):
        return c.tell(name, action)
    why = intents.why_not(game, action)
    if why is not None:
        return c.tell(name, why)
    return c.apply(table, action, f"seq {event.seq}", batches)


def _join(c: Controller, name: str, event: WorldEvent, batches: Batches) -> list[str]:
    """/trigger join: seated at the board the player stands on. A slip (joining twice, late, at a second
    board) is told to the player in words, never set aside nor a warning for the operator."""
    board = c.board_at(name)
    if board is not None and name in c.store.lobby(board):
        seated = len(c.store.lobby(board))
        start_at = c.settings.start_at
        when = (f"once {max(start_at, c.rules.min_players)} are seated" if start_at is not None
                else "when the organiser starts it")
        return c.tell(name, f"You are already seated at board {board} ({seated} seated); the game starts {when}.")
    try:
        answer, writes = c.desk.seat(name, board, batches=batches, origin=f"seq {event.seq}")
    except SeatRefused as exc:
        return c.tell(name, exc.player)
    return writes + (outbox.tell(c.any_view(), name, answer) if answer else [])


def _online(c: Controller, name: str, event: WorldEvent) -> list[str]:
    """A player came back: their triggers, the time bar, and their prompt if it is their turn."""
    c.store.add_player(event.uuid or "", name)
    table = c.table_of(name)
    if not is_player_name(name):  # never seated (a join is set aside): nothing of a table to give back
        return []
    if table is None or table.game is None:  # back, and seated nowhere: no table's messages
        lobby = any(name in c.store.lobby(board) for board in c.tables)
        # and in no board's game: a book still held (offline when its game's table started anew) is no one's
        books = [calls.take_books(name)]
        return books if lobby or len(c.tables) == 1 else books + [calls.unsit(name)]
    seat = table.seat_of(name)
    if table.ends_at is not None:  # give them the time bar (it holds only those online when made)
        table.bar.shown = None
    if seat == table.game.to_act():  # prompted at the poll's end, for the state its later entries leave
        table.prompted = ()
    return [calls.enable(name)] + outbox.tell(table.view, name, "Welcome back.")


def _offer(c: Controller, table: BoardGame, seat: int, event: WorldEvent, batches: Batches) -> list[str]:
    """A change to a player's trade offer, or sending it; the offers are stored with the poll."""
    game = table.game
    assert game is not None
    name = game.names[seat]
    answer, action = offers.handle(game, table.offers, seat, event.kind, event.value, game_id=table.game_id)
    why = None if action is None else intents.why_not(game, action)
    out = c.tell(name, answer if why is None else f"{why}; your offer is kept")
    if action is not None and why is None:
        table.offers.pop(seat, None)
        out += c.apply(table, action, f"seq {event.seq}", batches)
    if seat in table.offers:  # still being written: the buttons to go on
        others = [(q, n) for q, n in enumerate(game.names) if q != seat and not game.bankrupt[q]]
        if table.offers[seat]["to"] is None and others:
            out.append(calls.prompt_offer_to(name, others))
        out.append(calls.prompt(name, "offer"))
    c.store.set_meta(offers_key(table), json.dumps(table.offers))
    return out


def offers_key(table: BoardGame) -> str:
    """The meta key of a board's game's offers being written."""
    return f"offers:{table.name}:{table.game_id}"
