"""The night's other worlds, as one controller sees them: which operator requests are its own to answer, who is
seated or playing at a board of another world (one player on every server of the night), and what the other
worlds decided that this world's players are told (`hear`: each game's result, the final, the crowning).

Several controllers, one per server's world, share the night's database (`lease.py`). An operator's
request names a board, or a player, or neither: it is answered by the controller whose world holds that
board (or where that player sits), and a request no running world can place is answered by one of them
alone (the first by address), so every request gets one answer, never two.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from monopoli_mc.bridge import outbox
from monopoli_mc.controller.decide import crown
from monopoli_mc.controller.db import lease, tidings
from monopoli_mc.controller.db.night import Crowning, crowned
from monopoli_mc.controller.decide.snapshot import Snapshot
from monopoli_mc.controller.db.store import Request, Store
from monopoli_mc.errors import StoreError

Writes = list[str]
RECENT = 5  # other worlds' results told at most at once (a controller back after a while); the rest in one line
COME_OVER = ("The final at board {board} is on another server, and you play in it: go over to that server now "
             "(/server and its name).")


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


def hear(s: Snapshot, world: str) -> Writes:
    """What the night's other worlds decided and this world (`world`, its address) has not told its players yet
    (`tidings`), told now, each once: every game's result at a board of another world (its room line; after an
    absence the last RECENT, the rest counted in one line), the final's start (its finalists seated here are
    unseated, and every finalist on this server is told to go over), and a crowning, announced here from its
    record (this world's own crowning too: `admin crown` only records it)."""
    news, bad = tidings.unheard(s.store, world)
    for line in bad:
        s.say(f"warning: {line}")
    if not news:
        return []
    view = s.any_view()
    results = [t for t in news if t.kind == tidings.RESULT and t.data.get("board") not in s.tables
               and isinstance(t.data.get("line"), str)]
    missed = {t.n for t in results[:-RECENT]}
    out: Writes = []
    if missed:
        line = (f"{len(missed)} more game{'s' if len(missed) != 1 else ''} ended on the night's other servers "
                "meanwhile: /trigger standings shows the night.")
        s.say(f"told this server: {line}")
        out += outbox.say_all(view, line)
    announce = False
    for tiding in news:
        if tiding.kind == tidings.CROWNED:
            announce = True
        elif tiding.data.get("board") in s.tables:
            continue  # this world's own board: its room was told as it happened
        elif tiding.kind == tidings.RESULT and tiding.n not in missed and isinstance(tiding.data.get("line"), str):
            s.say(f"told this server: {tiding.data['line']}")
            out += outbox.say_all(view, tiding.data["line"])
        elif tiding.kind == tidings.FINAL:
            out += _final(s, tiding.data)
    if announce:
        out += _crowning(s)
    return out


def _final(s: Snapshot, data: dict[str, object]) -> Writes:
    """The final started at a board of another world: the room hears it, the finalists seated at a board here are
    unseated, and each finalist on this server is told to go over to the final's."""
    board = str(data.get("board", "?"))
    listed = data.get("players")
    players = [p for p in listed if isinstance(p, str)] if isinstance(listed, list) else []
    out: Writes = []
    line = data.get("line")
    if isinstance(line, str):
        out += outbox.say_all(s.any_view(), line)
    unseated = data.get("unseated")
    for pair in unseated if isinstance(unseated, list) else []:
        if isinstance(pair, list) and len(pair) == 2 and pair[0] in s.tables and isinstance(pair[1], str):
            out += outbox.unsit(s.tables[pair[0]].view, pair[1])
            s.say(f"[{pair[0]}] {pair[1]} left its seats for the final at board {board}, on another server")
    s.say(f"the final starts at board {board}, on another server: {', '.join(players)}; those on this server are "
          "told to go over")
    for name in players:
        out += s.tell(name, COME_OVER.format(board=board))
    return out


def _crowning(s: Snapshot) -> Writes:
    """The night's latest crowning, announced in this world (a record that cannot be read is said, not announced)."""
    try:
        crowning: Crowning | None = crowned(s.store)
    except StoreError as exc:
        if exc.can_retry:
            raise
        s.say(f"warning: the crowning cannot be announced on this server: {exc}")
        return []
    if crowning is None or not crowning.top:
        return []
    s.say(f"the night's crowning announced on this server: {' and '.join(crowning.top)}")
    return crown.announce(s, crowning)
