"""The operator in game: `/function monopoli:admin/...` from the inbox, answered by the desk as a CLI request is.

The answer is told in chat to the operator who ran it (from the console, only the log
has it). A request that waited longer than `IN_GAME_WAIT` (no controller was running)
is withdrawn unapplied, judged by the game time the poll read before deciding.
"""

from __future__ import annotations

from typing import Any

from monopoli_mc.bridge.inbox import WorldEvent
from monopoli_mc.controller.decide.admin import AdminDesk
from monopoli_mc.controller.decide.snapshot import Snapshot
from monopoli_mc.controller.game.table import BoardGame, table_of
from monopoli_mc.operator_input import AMOUNT, SPACE, NotAccepted, Whole

IN_GAME_WAIT = 10.0  # seconds an in-game admin request waits for the controller, as `monopoli admin --wait`
TICKS_PER_SECOND = 20
SITUATIONAL = ("status", "unseat")  # kinds answered without knowing the operator's board
NUMBERS = {"pay": AMOUNT, "fine": AMOUNT, "move": SPACE, "give_deed": SPACE}  # the requests that carry one


def needs_standing(event: WorldEvent, tables: dict[str, BoardGame], names: dict[str, str]) -> str | None:
    """The operator whose position the request needs (to find their board), if any: read before deciding
    (`names`: UUID -> name)."""
    if not event.is_admin or event.board is not None or len(tables) < 2:
        return None
    if event.kind[len("admin_"):] in SITUATIONAL or (event.target is not None and
                                                      table_of(tables.values(), event.target)):
        return None
    return names.get(event.uuid or "")


def admin(s: Snapshot, event: WorldEvent) -> list[str]:
    """An operator's request from the inbox: the desk's answer, told to the operator and logged.

    Without a board in the request, the board is the named player's, else the one the operator
    stands on, else the only one."""
    kind = event.kind[len("admin_"):]
    args: dict[str, Any] = {"player": event.target}
    operator = s.names.get(event.uuid or "")
    board = event.board
    stands = needs_standing(event, s.tables, s.names)
    if stands is not None:
        board = s.board_at(stands)
    late = _late(s, event)
    writes: list[str] = []
    refused = None if late is not None or kind not in NUMBERS else _number(NUMBERS[kind], event, args)
    if late is not None:
        answer = late
    elif refused is not None:
        answer = f"error: {refused}"
    else:
        answer, writes = AdminDesk(s).handle(kind, args, board, origin=f"seq {event.seq}",
                                             name_board=f"/function monopoli:admin/<board>/{kind}")
    s.say(f"operator{f' {operator}' if operator else ''} (in game) {kind}: {answer}")
    if operator is None:
        return writes
    return writes + [line for part in answer.split("\n") for line in s.tell(operator, f"admin {kind}: {part}")]


def _number(whole: Whole, event: WorldEvent, args: dict[str, Any]) -> str | None:
    """Put the request's number into `args` (as `amount` or `space`), read by the operator's one rule, as
    `monopoli admin` reads it; else why not, in one line. The pack queues it as typed (text); an older pack's
    number is read the same way, and one that was not whole (`amount:"5.0"`) has no number at all."""
    given = event.text if event.text is not None else None if event.value is None else str(event.value)
    if given is None:
        return whole.refusal(None)
    try:
        args["amount"] = args["space"] = whole.read(given)
    except NotAccepted as exc:
        return str(exc)
    return None


def _late(s: Snapshot, event: WorldEvent) -> str | None:
    """Why an in-game request is withdrawn unapplied: it waited longer than `IN_GAME_WAIT` (the
    controller was not running); None when it is in time, or from a pack that does not stamp one.

    Raises the read's InboxError when the game time could not be read."""
    if event.time is None:
        return None
    game_time = s.reads.game_time
    if isinstance(game_time, Exception):
        raise game_time
    assert game_time is not None  # the read phase asks for it whenever an admin entry carries a time
    waited = (game_time - event.time) / TICKS_PER_SECOND
    if waited <= IN_GAME_WAIT:
        return None
    return (f"not answered within {IN_GAME_WAIT:g}s (queued {_ago(waited)} ago, while no controller was "
            "answering): withdrawn, nothing was changed. Run it again if it is still wanted")


def _ago(seconds: float) -> str:
    """12s, 3m12s, 2h05m."""
    whole = int(seconds)
    if whole < 60:
        return f"{whole}s"
    if whole < 3600:
        return f"{whole // 60}m{whole % 60:02d}s"
    return f"{whole // 3600}h{whole // 60 % 60:02d}m"
