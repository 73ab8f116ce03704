"""The inbox: one `data get storage monopoli:bridge` reply -> typed world events and positions.

The controller reads the pack's whole bridge storage once per poll: the inbox and, beside
it, the positions of the players it waits for (`pos`, written by the pack every tick).
Also the other replies the controller reads: `list uuids` (UUID -> name), a player's
`Pos`, a score and the game time (`function monopoli:bridge/now`). Pure functions of text; no sockets.
"""

from __future__ import annotations

import re
import uuid as uuidlib
from dataclasses import dataclass, field
from typing import Any

from monopoli_mc.datapack.about import Built
from monopoli_mc.datapack.channel import SEQ
from monopoli_mc.datapack.escape import player_name
from monopoli_mc.errors import MonopoliError
from monopoli_mc.limits import SCORE_MAX, SCORE_MIN
from monopoli_mc.vanilla import printed
from monopoli_mc.vanilla.snbt import Arr, Num

INBOX_QUERY = "data get storage monopoli:bridge inbox"
TIME_QUERY = "function monopoli:bridge/now"  # returns `time query gametime`
ABOUT_QUERY = "data get storage monopoli:bridge about"  # what the pack was built for (`function monopoli:about`)
POLL_QUERY = "data get storage monopoli:bridge"  # the inbox, the walkers' positions, the world's identity
READ_QUERY = f"execute store result score $read {SEQ} run {POLL_QUERY}"
"""The controller's own read: the same listing, and the pack hears it (`$read`: the next tick stamps the
time the controller was last heard, so a player is told at once when it stops answering)."""
WORLD_QUERY = "data get storage monopoli:bridge world"
LIST_UUIDS = "list uuids"
SEQ_QUERY = f"scoreboard players get $seq {SEQ}"  # the pack's event counter, read with parse_score
_CONTENTS = "has the following contents: "
_STORAGE = "Storage monopoli:bridge " + _CONTENTS  # commands.data.storage.query, "Storage %s has the following …"
_NO_INBOX = ("Found no elements matching", "has no elements")
# vanilla's commands.list.players, "There are %s of a max of %s players online: %s", the list
# joined by ComponentUtils.formatList's ", ", each entry commands.list.nameAndId, "%s (%s)" with the
# profile's UUID (ListPlayersCommand.listPlayersWithUuids, 1.20.5 to 1.21.11)
_LIST_HEAD = re.compile(r"There are (\d+) of a max of (\d+) players online: ")
_LIST_ID = re.compile(r" \((?P<uuid>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\)(?=, |$)")
# commands.data.entity.query, "%s has the following entity data: %s": one of them, the whole reply
_POS = re.compile(r"(?P<who>(?:(?!has the following).)*) has the following entity data: "
                  r"\[(-?[\d.E-]+)d, (-?[\d.E-]+)d, (-?[\d.E-]+)d\]", re.DOTALL)
_WORLD = re.compile(re.escape(_STORAGE) + r"(-?\d+)")
_NO_ENTITY = "No entity was found"  # argument.entity.notfound.entity: the player is not online
# commands.scoreboard.players.get.success "%s has %s [%s]" and .null "Can't get value of %s for %s; none is set"
_SCORE = re.compile(r"(?:(?! has ).)+ has (-?\d+) \[(?:(?! has ).)*\]", re.DOTALL)
_NO_SCORE = re.compile(r"Can't get value of (?:(?!Can't).)+ for (?:(?!Can't).)+; none is set", re.DOTALL)
_TIME = re.compile(r"Function monopoli:bridge/now returned (\d+)\s*$")
_INT_MIN, _INT_MAX = SCORE_MIN, SCORE_MAX


class InboxError(MonopoliError):
    """A reply from the server that is not what the pack writes (names the bad text)."""


@dataclass(frozen=True)
class WorldEvent:
    """One inbox entry: a player's trigger or button press, an admin request, a join."""

    seq: int
    kind: str
    uuid: str | None = None  # the player who spoke, as a UUID string
    value: int | None = None  # None when the entry's value is not a whole number
    button: bool = False
    target: str | None = None  # admin requests: the player named in the request
    board: str | None = None  # admin requests: the board named (`admin/<board>/...`)
    time: int | None = None  # admin requests: the game time when it was queued
    boot: int | None = None  # the pack's load it was queued under (none from a pack before boots)
    text: str | None = None  # admin requests: the number as the operator typed it, when the pack queues it as text
    wrote: int | None = None  # the controller's writes the world had seen when it was queued (`w`; None: an older pack)
    at: Position | None = None  # joins: where the player stood when it was queued (None: an older pack)

    @property
    def is_admin(self) -> bool:
        """Whether this is an operator's `/function monopoli:admin/...` request."""
        return self.kind.startswith("admin_")


def uuid_from_ints(ints: Any) -> str:
    """Vanilla's four signed ints of a UUID (an int array as read, or any four whole numbers) as the usual
    hyphenated text; raises InboxError, TypeError or ValueError when they are not four whole numbers."""
    values = [_whole(v) for v in (ints.values if isinstance(ints, Arr) else ints)]
    if len(values) != 4:
        raise InboxError(f"a UUID is four ints, found {values!r}")
    number = 0
    for v in values:
        number = (number << 32) | (v & 0xFFFFFFFF)
    return str(uuidlib.UUID(int=number))


Position = tuple[float, float, float]


@dataclass(frozen=True)
class Poll:
    """One poll's read: the inbox's events and the walkers' positions by UUID.

    `positions` is None when the pack does not report them (a pack from before they rode
    on the inbox read): then the controller asks for each walker's position itself.
    """

    events: list[WorldEvent]
    positions: dict[str, Position] | None
    boot: int | None = None  # drawn at the pack's last load; None from a pack before boots
    counter: int | None = None  # the pack's event counter (`seq`): no entry it wrote is above it
    since: int | None = None  # the counter when this boot began (the pack loaded)
    night: NightMark | None = None  # the controller that runs this world, as it marked it
    world: str | None = None  # the world's identity (drawn by the pack at load); None in a pack before them
    unreadable: list[str] = field(default_factory=list)  # inbox items with no whole seq or no kind, as SNBT


@dataclass(frozen=True)
class NightMark:
    """The mark a running controller keeps in the world: its night's id, database, host and PID, its lease's
    token, and the database file's identity and how far it has applied (docs/night.md)."""

    id: str
    db: str
    host: str = ""
    pid: int = 0  # 0: it stopped cleanly (or a controller from before PIDs were marked)
    token: str = ""  # the running controller's lease token ('' from a controller before tokens)
    file: str = ""  # the identity of the database file it runs on ('' before file identities)
    origin: str = ""  # the identity of the file that one was copied from ('' for none)
    applied: int = 0  # the steps that file had applied when the world last heard from it
    moves: int = 0  # the moves (action rows) it held then
    at: int = 0  # when, in seconds since the epoch


def parse_inbox(reply: str) -> list[WorldEvent]:
    """Events of an inbox reply, in `seq` order; an empty or missing inbox gives [].

    Raises InboxError when the reply is not a storage listing or its SNBT does not parse.
    """
    if any(marker in reply for marker in _NO_INBOX):
        return []
    data = _contents(reply, "inbox")
    if not isinstance(data, list):
        raise InboxError(f"the inbox is not a list: {reply[:120]!r}")
    return _read_items(data)[0]


def parse_about(reply: str) -> Built | None:
    """The pack's record from an ABOUT_QUERY reply; None when the reply holds none that reads."""
    try:
        return Built.from_data(printed.plain(_contents(reply, "the pack's record")))
    except (InboxError, KeyError, TypeError, ValueError, AttributeError):  # no record, or not one we wrote
        return None


def parse_poll(reply: str) -> Poll:
    """The events and positions of a POLL_QUERY reply (the bridge storage, whole).

    Another RCON client's output may be joined to the listing, before or after it (vanilla's one
    reply buffer): the listing is found in it, and of several, the first that carries a world
    identity (only the bridge storage does).
    Raises InboxError when the reply holds no listing of a compound, or the inbox in it is not a list.
    """
    data = _storage(reply)
    inbox = data.get("inbox", [])
    if not isinstance(inbox, list):
        raise InboxError(f"the inbox is not a list: {str(inbox)[:120]!r}")
    pos = data.get("pos")
    positions = None
    if isinstance(pos, list):
        positions = {}
        for item in pos:
            found = _position(item)
            if found is not None:
                positions[found[0]] = found[1]
    events, unreadable = _read_items(inbox)
    return Poll(events, positions, boot=_int(data.get("boot")), counter=_int(data.get("seq")),
                since=_int(data.get("since")),
                night=_night_mark(data.get("night")), world=_world(data.get("world")),
                unreadable=unreadable)


def _world(value: Any) -> str | None:
    """The world's identity as WORLD_QUERY reads it (an int, as text); None when there is none."""
    number = _int(value)
    return None if number is None else str(number)


def _int(value: Any) -> int | None:
    """An int tag's value; None for anything else (a byte, a long, a double, a string)."""
    return int(value.value) if isinstance(value, Num) and value.kind == "int" else None


def _integer(value: Any) -> int | None:
    """A whole number tag's value (byte, short, int or long); None for anything else."""
    return int(value.value) if isinstance(value, Num) and value.is_integer else None


def _whole(value: Any) -> int:
    """A number tag or a string of digits as an int; raises TypeError or ValueError for anything else."""
    return int(value.value) if isinstance(value, Num) else int(value)


def _number(value: Any) -> float:
    """A number tag or a numeral string as a float; raises TypeError or ValueError for anything else."""
    return float(value.value) if isinstance(value, Num) else float(value)


def _truthy(value: Any) -> bool:
    """A tag as a flag: a number other than 0, or a string, list or compound that is not empty."""
    if isinstance(value, Num):
        return value.value != 0
    if isinstance(value, Arr):
        return bool(value.values)
    return bool(value)


def _night_mark(data: Any) -> NightMark | None:
    if not isinstance(data, dict) or not isinstance(data.get("id"), str):
        return None

    def text(key: str) -> str:
        value = data.get(key, "")
        return str(value) if isinstance(value, str) else ""

    def number(key: str) -> int:
        value = data.get(key)
        return max(0, int(value.value)) if isinstance(value, Num) and value.kind in ("int", "long") else 0

    return NightMark(str(data["id"]), text("db"), text("host"), _int(data.get("pid")) or 0, token=text("token"),
                     file=text("file"), origin=text("from"), applied=number("applied"), moves=number("moves"),
                     at=number("at"))


def _storage(reply: str) -> dict[str, Any]:
    """The bridge storage's compound in a reply that may hold other replies too (see parse_poll)."""
    found: list[dict[str, Any]] = []
    problem = f"not a storage listing (bridge storage): {reply[:120]!r}"
    at = reply.find(_STORAGE)
    while at >= 0:
        body = reply[at + len(_STORAGE):]
        try:
            data = printed.read_first(body)
        except (printed.Refusal, RecursionError) as exc:
            problem = f"bridge storage SNBT does not parse ({exc}): {body[:120]!r}"
        else:
            if isinstance(data, dict):
                if "world" in data:
                    return data
                found.append(data)
            else:
                problem = f"the bridge storage is not a compound: {body[:120]!r}"
        at = reply.find(_STORAGE, at + 1)
    if found:
        return found[0]
    raise InboxError(problem)


def _contents(reply: str, what: str) -> Any:
    head, sep, body = reply.partition(_CONTENTS)
    if not sep:
        raise InboxError(f"not a storage listing ({what}): {reply[:120]!r}")
    try:
        return printed.read(body.strip())
    except (printed.Refusal, RecursionError) as exc:
        raise InboxError(f"{what} SNBT does not parse ({exc}): {body[:120]!r}") from None


def _read_items(items: list[Any]) -> tuple[list[WorldEvent], list[str]]:
    """The events of inbox items in `seq` order, and the items that are none, as SNBT (cut to 200)."""
    events: list[WorldEvent] = []
    unreadable: list[str] = []
    for item in items:
        event = _entry(item)
        if event is not None:
            events.append(event)
        else:
            unreadable.append(printed.show(item)[:200])
    events.sort(key=lambda e: e.seq)
    return events, unreadable


def _position(item: Any) -> tuple[str, Position] | None:
    """(UUID, position) of one `pos` entry, {uuid:[I;...],at:[x,y,z]}; None when it is not one."""
    if not isinstance(item, dict):
        return None
    at = _at(item.get("at"))
    if at is None:
        return None
    try:
        who = uuid_from_ints(item.get("uuid"))
    except (InboxError, TypeError, ValueError):
        return None
    return who, at


def _at(value: Any) -> Position | None:
    """A position as the pack copies an entity's `Pos` ([x, y, z], doubles); None when it is not one."""
    if not isinstance(value, list):
        return None
    try:
        x, y, z = (_number(v) for v in value)
    except (InboxError, TypeError, ValueError):
        return None
    return x, y, z


def _entry(item: Any) -> WorldEvent | None:
    if not isinstance(item, dict):
        return None
    seq, kind = _integer(item.get("seq")), item.get("kind")
    if seq is None or not isinstance(kind, str):
        return None
    raw_uuid = item.get("uuid")
    who = None
    if raw_uuid is not None:
        try:
            who = uuid_from_ints(raw_uuid)
        except (InboxError, TypeError, ValueError):
            who = None
    value = item.get("value")
    number = _integer(value)
    if number is not None and not _INT_MIN <= number <= _INT_MAX:
        number = None
    target, board, queued = item.get("target"), item.get("board"), item.get("time")
    return WorldEvent(seq=seq, kind=kind, uuid=who, value=number,
                      button=_truthy(item.get("button", 0)),
                      target=str(target) if isinstance(target, str) else None,
                      board=str(board) if isinstance(board, str) else None,
                      time=_int(queued), boot=_int(item.get("boot")),
                      text=str(value) if isinstance(value, str) else None, wrote=_int(item.get("w")),
                      at=_at(item.get("at")))


def parse_time(reply: str) -> int:
    """The game time from TIME_QUERY (vanilla's commands.function.result, "Function %s returned %s").

    Raises InboxError when the reply is not that.
    """
    m = _TIME.search(reply)  # after "Running function monopoli:bridge/now"
    if m is None:
        raise InboxError(f"not a game time: {reply[:120]!r}")
    return int(m.group(1))


def parse_world(reply: str) -> str | None:
    """The world's identity (the number the pack drew at load) from WORLD_QUERY; None if it has none.

    Raises InboxError when the reply is neither.
    """
    if reply == "Found no elements matching world":  # arguments.nbtpath.nothing_found
        return None
    m = _WORLD.fullmatch(reply)
    if m is None:
        raise InboxError(f"not a world identity: {reply[:120]!r}")
    return m.group(1)


def parse_uuid_list(reply: str) -> dict[str, str]:
    """UUID -> name from a `list uuids` reply, each entry read whole from its first character.

    Each entry is found by its end, ` (uuid)` before `, ` or the end of the reply, and its
    name is everything from the end of the one before: a name holding `,`, `(` or `) ` (an
    offline-mode server takes any printable name of up to 16 characters, too short to hold
    a ` (uuid)` of its own) never hides the others. Floodgate's `.Robin` is never Robin.
    Raises InboxError when the reply is not a player list, or lists players and not one UUID
    (`list` without `uuids`).
    """
    head = _LIST_HEAD.match(reply)
    if head is None:
        raise InboxError(f"not a `list uuids` reply: {reply[:120]!r}")
    out: dict[str, str] = {}
    at = head.end()
    for entry in _LIST_ID.finditer(reply, at):
        name = reply[at:entry.start()]
        if _LIST_HEAD.search(name):  # another list joined to this one (a shared RCON buffer)
            raise InboxError(f"not one `list uuids` reply (two lists in one): {reply[:120]!r}")
        if name:
            out[entry.group("uuid")] = name
        at = entry.end() + len(", ")
    if not out and int(head.group(1)):
        raise InboxError(f"`list uuids` says {head.group(1)} players and names no UUID: {reply[:120]!r}")
    if at < len(reply) and (out or head.group(1) == "0"):  # text after the last player: another reply joined
        raise InboxError(f"not one `list uuids` reply (text after the last player): {reply[-120:]!r}")
    return out


def parse_score(reply: str, holder: str | None = None) -> int | None:
    """The score in "$seq has 12 [monopoli.seq]" (vanilla's commands.scoreboard.players.get.success);
    None when the holder has none.

    Given `holder` (a fake player such as `$ops`, which no other client's reply names), the reply is found
    among others joined to it (vanilla's one RCON reply buffer).
    Raises InboxError when the reply is not one of those two, whole, or (given `holder`) holds neither.
    """
    if holder is not None:
        found = re.search(re.escape(holder) + r" has (-?\d+) \[", reply)
        if found is not None:
            return int(found.group(1))
        if re.search(r"Can't get value of \S+ for " + re.escape(holder) + "; none is set", reply):
            return None
    else:
        m = _SCORE.fullmatch(reply)
        if m is not None:
            return int(m.group(1))
        if _NO_SCORE.fullmatch(reply):
            return None
    raise InboxError(f"not a score{f' of {holder}' if holder else ''}: {reply[:120]!r}")


def pos_query(name: str) -> str:
    """The request for a player's position, read with parse_pos (raises MonopoliError for a name no
    command can carry)."""
    return f"data get entity {player_name(name)} Pos"


def parse_pos(reply: str, name: str | None = None) -> tuple[float, float, float] | None:
    """A player's position from `data get entity <name> Pos`; None if not online.

    Raises InboxError when the reply is neither, whole, or (given `name`) is another entity's (the
    display name before " has" holds the name; a team's prefix or suffix only wraps it).
    """
    m = _POS.fullmatch(reply)
    if m is not None and (name is None or name in m.group("who")):
        return float(m.group(2)), float(m.group(3)), float(m.group(4))
    if reply == _NO_ENTITY:
        return None
    raise InboxError(f"not a position: {reply[:120]!r}")
