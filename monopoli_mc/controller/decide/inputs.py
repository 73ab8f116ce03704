"""Deciding one input from outside: an inbox entry (`entry`), an operator's request (`request`), and what is
said when one fails (`refused`, `request_failed`, `clock_failed`).

Each is a function of the poll's snapshot and one input (`snapshot.py`); it returns the commands
to write. The loop runs each in a savepoint: whatever the reason an input fails (a name no command
can carry, a value nothing accepts, an error nobody foresaw), the loop undoes what it changed and
calls the matching `..._failed`: an entry is recorded in the `set_aside` table with why, its player
told where that is possible (by name, else by a selector of the name), and the log says so; a
request is answered with the error. Either way the poll moves on. Only the server or the database
failing fails the poll (then nothing of it was kept and it is read again).
Deciding asks the server nothing: names, positions and the game time were read first.
"""

from __future__ import annotations


from monopoli_mc.bridge import outbox
from monopoli_mc.bridge.inbox import WorldEvent
from monopoli_mc.controller.decide import deaths, ingame
from monopoli_mc.controller.game import intents, nightview, offers
from monopoli_mc.controller.db import setaside
from monopoli_mc.controller.decide.admin import AdminDesk, SeatRefused
from monopoli_mc.controller.db.night import NightUnreadable
from monopoli_mc.controller.decide.snapshot import Snapshot
from monopoli_mc.controller.db.store import Request
from monopoli_mc.controller.game.table import Action, BoardGame
from monopoli_mc.datapack import calls
from monopoli_mc.datapack.channel import DIED_KIND
from monopoli_mc.datapack.escape import is_player_name
from monopoli_mc.datapack.text import Dialect
from monopoli_mc.errors import MonopoliError
from monopoli_mc.rules.phases import OVER

Writes = list[str]


class SetAside(MonopoliError):
    """An entry that cannot be applied, said for the player (`tell`) and the operator (the message)."""

    def __init__(self, why: str, *, tell: str | None = None) -> None:
        super().__init__(why)
        self.tell = tell


def entry(s: Snapshot, event: WorldEvent) -> Writes:
    """Decide one inbox entry: its writes (a refusal is told to its player). Raises when it cannot be
    applied (`SetAside` with words for its player, or any error): the loop undoes it and calls `refused`."""
    if event.is_admin:
        return ingame.admin(s, event)
    if s.blind.repeat(event):  # the same input again, before any answer to the first: counted once
        s.say(f"  {s.names.get(event.uuid or '', event.uuid)}'s {event.kind} (seq {event.seq}) repeats the input "
              "before it with no answer between: counted once")
        return []
    return _handle(s, event)


def _refuse(s: Snapshot, event: WorldEvent, name: str, text: str) -> Writes:
    """A refusal told to its player, once for a run of inputs given with no answer between (`blind.py`)."""
    if s.blind.mute(event):
        s.say(f"  not told {name} again: {text}")
        return []
    return s.tell(name, text)


def refused(s: Snapshot, event: WorldEvent, error: Exception) -> Writes:
    """An entry that failed (its work undone by the loop): set aside with why, its player told."""
    bug = not isinstance(error, MonopoliError)
    why = f"a controller error ({type(error).__name__}: {error})" if bug else str(error)
    tell = "that did not work (a controller error); tell the operator" if bug else str(error)
    return set_aside(s, event, why, tell=error.tell if isinstance(error, SetAside) else tell)


def request(s: Snapshot, asked: Request) -> Writes:
    """Answer one operator request from `monopoli admin` (the desk's answer kept with it, and said)."""
    answer, writes = AdminDesk(s).handle(asked.kind, asked.args, asked.board, origin=f"request {asked.id}")
    _answer(s, asked, answer)
    return writes


def request_failed(s: Snapshot, asked: Request, error: Exception) -> Writes:
    """A request the desk failed on (a controller error; its work undone by the loop) is answered with the
    error: it is never taken again, never a poll that fails forever."""
    _answer(s, asked, f"error: a controller error ({type(error).__name__}: {error}); nothing was changed")
    return []


def _answer(s: Snapshot, asked: Request, answer: str) -> None:
    s.store.answer(asked.id, answer)
    s.say(f"operator {asked.kind}: {answer}")


def clock_failed(s: Snapshot, table: BoardGame, action: Action, error: Exception) -> Writes:
    """A clock's action that failed (its work undone by the loop): the operator is told once; the loop
    tries it again only after the board's game has moved on (a bid, an operator's undo), so one broken
    timer never fails every poll of every board."""
    bug = not isinstance(error, MonopoliError)
    why = f"a controller error ({type(error).__name__}: {error})" if bug else str(error)
    s.say(f"warning: board {table.name!r}: the clock's {action[0]} could not be applied: {why}. "
          f"The board waits; the clock tries again once its game moves on (`monopoli admin undo "
          f"--board {table.name}` takes the last move back){'; please report this line' if bug else ''}")
    return []


def set_aside(s: Snapshot, event: WorldEvent, why: str, *, tell: str | None) -> Writes:
    """Record an entry that cannot be applied, say so in the log, and tell its player where possible."""
    name = s.names.get(event.uuid or "")
    row = setaside.record(s.store, s.world_id, event, name, why)
    s.say(f"warning: inbox entry set aside: {row.describe()}")
    if tell is None:
        return []
    return s.tell(name, tell)


def _handle(s: Snapshot, event: WorldEvent) -> Writes:
    """A player's entry: their trigger or button as an action, a trade offer, a join, a return, a death."""
    name = s.names.get(event.uuid or "")
    if name is None:
        unlisted = "the server did not list" if s.listed else "the server's player list did not name"
        raise SetAside(f"from a player {unlisted} (UUID {event.uuid or 'none'})", tell=None)
    misuse = intents.bare_misuse(event.kind, event.value, button=event.button)
    if misuse is not None:
        return _refuse(s, event, name, misuse)
    if event.kind == "online":
        return _online(s, name, event)
    if event.kind == DIED_KIND:
        return deaths.respawned(s, name)
    if event.kind == "join":
        if not is_player_name(name):
            raise SetAside(f"the name {name!r} cannot appear in a command, so no board can seat it",
                           tell="the board cannot seat you: your name cannot be written in a Minecraft "
                                "command; play under a name of letters, digits and _ (ask the organiser)")
        return _join(s, name, event)
    if event.kind == "standings":  # anyone, seated or not: the night's book
        try:
            return nightview.book(s.store, s.world.night, s.replays, Dialect(s.world.version), event.uuid, name)
        except NightUnreadable as exc:
            s.say(f"warning: {exc}")
            return s.tell(name, "The night's standings cannot be read right now; please tell the organiser.")
    table = s.table_of(name)
    if table is None or table.game is None or name in table.away:
        seated = [board for board in s.tables if name in s.store.lobby(board)]
        if seated:  # waiting for their board's game: the press is early, not wrong (their last game is not theirs)
            return _refuse(s, event, name, f"You are seated at board {seated[0]}; its game has not started yet.")
        if table is None or table.game is None:
            return _refuse(s, event, name, "you are not playing at a board: stand on it and use /trigger join")
    game = table.game
    seat = table.seat_of(name)
    assert seat is not None
    if event.kind == "jar":
        return s.tell(name, f"The Free Parking jar holds ${game.jar}.")
    if event.kind == "deed":
        space = event.value
        if space is None or not 0 <= space < len(game.board.spaces) or not game.board.spaces[space].is_deed:
            return s.tell(name, f"space {space!r} has no title deed; deeds are spaces 1 to 39")
        return [calls.deed(name, space, game=table.game_id)]
    if event.kind not in intents.game_kinds() and event.kind not in offers.KINDS:
        return s.tell(name, f"unknown input {event.kind!r}")
    if table.paused:
        return _refuse(s, event, name, "the game is paused by the operator; wait a moment")
    if event.kind in offers.KINDS:
        return _offer(s, table, seat, event)
    action = intents.to_action(game, seat, event.kind, event.value)
    if isinstance(action, str):
        return _refuse(s, event, name, action)
    why = intents.why_not(game, action)
    if why is not None:
        return _refuse(s, event, name, why)
    return s.apply(table, action, f"seq {event.seq}")


def _join(s: Snapshot, name: str, event: WorldEvent) -> Writes:
    """/trigger join: seated at the board the player stands on. A slip (joining twice, late, at a second
    board) is told to the player in words, never set aside nor a warning for the operator."""
    board = s.board_at(name)
    if board is not None and name in s.store.lobby(board):
        seated = len(s.store.lobby(board))
        if _running(s, board):
            return s.tell(name, f"You are already queued for the next game at board {board}, place "
                                f"{s.store.lobby(board).index(name) + 1}; you will be told when the table is free.")
        return s.tell(name, f"You are already seated at board {board} ({seated} seated); the game starts "
                            f"{s.starts_when()}.")
    queued = board is not None and _running(s, board)
    try:
        answer, writes = AdminDesk(s).seat(name, board, origin=f"seq {event.seq}")
    except SeatRefused as exc:  # a name that equals another's but for its case: both are told
        return s.tell(name, exc.player) + [line for other in exc.others for line in s.tell(other, exc.player)]
    if queued:  # a seat at the next game: the player was told their place in their own words
        return writes
    return writes + (outbox.tell(s.any_view(), name, answer) if answer else [])


def _running(s: Snapshot, board: str) -> bool:
    """Whether a board's game is running (a seat there is one at its next game: the queue)."""
    table = s.tables.get(board)
    return table is not None and table.game is not None and table.game.phase != OVER


def ended(s: Snapshot) -> set[str]:
    """The boards whose game ended in this poll's decisions (their queue may start the next, at the next poll)."""
    return {name for name, events in s.events.items() if any(ev[0] == "game_over" for ev in events)}


def start_due(s: Snapshot, boards: set[str]) -> Writes:
    """`run --start-at N` counts the players queued during a game: a board whose game ended at the last poll
    (`boards`), with N seated for its next game now, starts it. A poll after the end, so the end is
    written (the winner's title, the last picture) before the next game takes the table."""
    start_at = s.settings.start_at
    if start_at is None:
        return []
    out: Writes = []
    for name in sorted(boards):
        table = s.tables.get(name)
        if table is None or table.game is None or table.game.phase != OVER:
            continue
        if len(s.store.lobby(name)) >= max(start_at, s.rules.min_players):
            answer, writes = AdminDesk(s).start(table, origin="start-at")
            s.say(f"[{name}] {answer} (--start-at {start_at}, counting the queue)")
            out += writes
    return out


def _online(s: Snapshot, name: str, event: WorldEvent) -> Writes:
    """A player came back: what their seat gives them and nothing else (a player offline when their board's
    next game started still held the last game's books), their triggers, the time and auction bars, and
    their prompt if it is their turn."""
    s.store.add_player(event.uuid or "", name)
    table = s.table_of(name)
    if not is_player_name(name):  # never seated (a join is set aside): nothing of a table to give back
        return []
    lobby = [board for board in s.tables if name in s.store.lobby(board)]
    if table is None or table.game is None or name in table.away or (lobby and table.name != lobby[0]):
        if lobby:  # waiting for a board's next game: nothing of an earlier one, and that table's lines
            return [calls.leave(name)] + outbox.sit(s.tables[lobby[0]].view, name)
        # back, and in no board's game: a book still held (offline when its game's table started anew) is no one's
        books = [calls.take_books(name)]
        return books if len(s.tables) == 1 else books + [calls.unsit(name)]
    seat = table.seat_of(name)
    if table.ends_at is not None:  # give them the time bar (it holds only those online when made)
        table.bar.shown = None
    if table.auction_bar.shown:  # and the auction's: made again at this poll's writes, with them in it
        table.auction_bar.shown = None
    if seat == table.game.to_act():  # prompted at the poll's end, for the state its later entries leave
        table.prompted = ()
    return table.seat_again(name) + outbox.tell(table.view, name, "Welcome back.")


def _offer(s: Snapshot, table: BoardGame, seat: int, event: WorldEvent) -> Writes:
    """A change to a player's trade offer, or sending it; the offers are stored with the poll."""
    game = table.game
    assert game is not None
    name = game.names[seat]
    answer, action = offers.handle(game, table.offers, seat, event.kind, event.value, game_id=table.game_id)
    why = None if action is None else intents.why_not(game, action)
    out = s.tell(name, answer if why is None else f"{why}; your offer is kept")
    if action is not None and why is None:
        table.offers.pop(seat, None)
        out += s.apply(table, action, f"seq {event.seq}")
    if seat in table.offers:  # still being written: the buttons to go on
        others = [(q, n) for q, n in enumerate(game.names) if q != seat and not game.bankrupt[q]]
        if table.offers[seat]["to"] is None and others:
            out.append(calls.prompt_offer_to(name, others))
        out.append(calls.prompt(name, "offer"))
    s.store.set_offers(table.name, table.game_id, table.offers)
    return out

