"""The night's other worlds, as one controller sees them: which operator requests are its own to answer, and
who is seated or playing at a board of another world (one player on every server of the night).

Several controllers, one per server's world, share the night's database (`lease.py`). An operator's
request names a board, or a player, or neither: it is answered by the controller whose world holds that
board (or where that player sits), and a request no running world can place is answered by one of them
alone (the first by address), so every request gets one answer, never two.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from monopoli_mc.controller import lease
from monopoli_mc.controller.store import Request, Store


def requests_for(store: Store, tables: Mapping[str, object], world: str, now: float) -> list[Request]:
    """The requests still within their deadline that this controller (`world`, its address) answers; those past
    it are marked expired (inside the transaction that answers them, as `Store.pending_requests`)."""
    pending = store.pending_requests(now)
    if not pending:
        return []
    running = lease.running_worlds(store, now)
    running.setdefault(world, list(tables))
    if len(running) == 1:
        return pending
    first = sorted(running)[0]
    out = []
    for request in pending:
        if _owner(store, request, running, first) == world:
            out.append(request)
    return out


def _owner(store: Store, request: Request, running: dict[str, list[str]], first: str) -> str:
    """The running world that answers a request."""
    if request.board is not None:
        return next((w for w, boards in running.items() if request.board in boards), first)
    player = request.args.get("player")
    if isinstance(player, str):
        found = where(store, player)
        if found is not None:
            return next((w for w, boards in running.items() if found[0] in boards), first)
    return first


def where(store: Store, name: str, *, besides: Mapping[str, object] | None = None) -> tuple[str, bool] | None:
    """The board of the night where a player plays a game not over (True) or is seated for the next game
    (False), leaving out the boards `besides` (this controller's own); None when nowhere."""
    skip = besides or {}
    for board, names in store.db.execute(
            "SELECT g.board, g.names FROM games g WHERE g.over=0 AND g.id=(SELECT MAX(id) FROM games "
            "WHERE board=g.board) ORDER BY g.id").fetchall():
        if board in skip:
            continue
        try:
            seated = json.loads(names)
        except (TypeError, ValueError):
            continue  # a damaged row is said where the game is loaded, by its own controller
        if isinstance(seated, list) and name in seated:
            return str(board), True
    row = store.db.execute("SELECT board FROM lobby WHERE name=? ORDER BY seated", (name,)).fetchall()
    for (board,) in row:
        if board not in skip:
            return str(board), False
    return None


def seat_elsewhere(store: Store, tables: Mapping[str, object], name: str) -> tuple[str, str] | None:
    """Why a player cannot be seated here because of another world's board: (the line for the operator, the
    words for the player); None when they play and sit nowhere else."""
    found = where(store, name, besides=tables)
    if found is None:
        return None
    board, playing = found
    if playing:
        return (f"{name} already plays at board {board!r}, on another server of this night",
                f"You play at board {board} on another server: finish that game first.")
    return (f"{name} is already seated at board {board!r}, on another server of this night; "
            f"`monopoli admin unseat {name} --board {board}` takes them out first",
            f"You are already seated at board {board} on another server, for its next game: play there, "
            "or ask the organiser to take you off it first.")


def other_boards(store: Store, tables: Mapping[str, object], now: float) -> list[str]:
    """A line for each board of the night's other worlds (for `admin status` without --board): its server, whether
    its controller runs, its latest game or who sits for the next one."""
    out = []
    running = lease.running_worlds(store, now)
    for board, world in store.db.execute("SELECT board, world FROM boards ORDER BY board").fetchall():
        if board in tables:
            continue
        state = "its controller runs" if world in running else "no controller runs it now"
        row = store.db.execute("SELECT id, names, over FROM games WHERE board=? ORDER BY id DESC LIMIT 1",
                               (board,)).fetchone()
        try:
            names = json.loads(row[1]) if row else []
        except (TypeError, ValueError):
            names = []
        who = ", ".join(str(n) for n in names) if isinstance(names, list) else ""
        if row is not None and not row[2]:
            what = f"game {row[0]} running ({who}); `--board {board}` for its status"
        else:
            lobby = store.lobby(board)
            what = f"{len(lobby)} seated for the next game" + (f": {', '.join(lobby)}" if lobby else "")
        out.append(f"{board}: on another server ({world or 'unknown'}, {state}): {what}")
    return out
