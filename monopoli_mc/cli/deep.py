"""`doctor --deep`: exercise on the real server everything a game does, and compare with the sandbox.

Each probe sends what the controller or a player would send (through `Twin`, so the sandbox
is asked the same) and checks what a game needs from the answer. Nothing is left behind: the
scratch board is cleared, the probe's score reset, its inbox entry acknowledged (or, while
unread events wait there, taken out alone), the jar line put back as it was.
"""

from __future__ import annotations

import json
import re
import time
import uuid as uuidlib
from collections.abc import Callable

from monopoli_mc.bridge.inbox import INBOX_QUERY, LIST_UUIDS, InboxError, parse_inbox, parse_uuid_list
from monopoli_mc.cli.twin import Twin
from monopoli_mc.datapack import calls
from monopoli_mc.datapack.boardfns import clear_commands, structure_id
from monopoli_mc.datapack.channel import CASH, SEQ, STORAGE
from monopoli_mc.datapack.layout import BUTTON_BLOCKS, BoardPlace, Layout
from monopoli_mc.datapack.structure import hanging_blocks
from monopoli_mc.datapack.text import Dialect, plain, text
from monopoli_mc.datapack.versions import McVersion
from monopoli_mc.datapack.world_config import WorldConfig
from monopoli_mc.vanilla import printed

MARGIN = 2  # blocks around a cleared box where what popped off may have landed
PROBE = "MonopoliProbe"  # a player name nobody has: every call lands on no one
INT_MAX = 2_147_483_647
Result = tuple[bool, str]
_FAILED = ("Unknown or incomplete command", "Incorrect argument", "Unknown function", "Failed to ",
           "Error executing")
_HAS = re.compile(r" has (-?\d+) \[")
_BLOCK_DATA = re.compile(r"has the following block data: (.*)\Z", re.DOTALL)
_COUNT = re.compile(r"Test passed[,.] [Cc]ount: (\d+)")  # "Test passed, count: 3" ("Test passed. Count: 3" from 1.21.9)


def deep_checks(twin: Twin, world: WorldConfig) -> list[Result]:
    """Every deep probe, in order: (ok, what) for each."""
    probes: list[Callable[[Twin, WorldConfig], Result]] = [
        scratch_board, macro_calls, inbox_round_trip, big_score, players_list, printed_shapes, refusals,
        counts_and_orders, stored_text_and_drops]
    return [probe(twin, world) for probe in probes]


def mirror_world(twin: Twin, world: WorldConfig) -> None:
    """Give the sandbox what the server holds, so replies differ only where the sandbox errs."""
    seq = _HAS.search(twin.server_only(f"scoreboard players get $seq {SEQ}"))
    if seq is not None:
        twin.mirror(f"scoreboard players set $seq {SEQ} {seq.group(1)}")
    for key in ("inbox", "boot"):  # the boot is drawn at load, so each has its own
        head, sep, body = twin.server_only(f"data get storage {STORAGE} {key}").partition("has the following contents: ")
        if sep:
            twin.mirror(f"data modify storage {STORAGE} {key} set value {body.strip()}")
    for place in world.boards:
        layout = Layout(place)
        x, y, z = layout.world(layout.block(20, layout.size // 2, layout.size // 2, 1))
        if "Test passed" in twin.server_only(f"execute if block {x} {y} {z} minecraft:chest"):
            twin.mirror(f"function monopoli:board/{place.name}/place")


def _ok(reply: str) -> bool:
    return not any(marker in reply for marker in _FAILED)


def scratch_board(twin: Twin, world: WorldConfig) -> Result:
    """Place the board template in the scratch area, read blocks back, clear it all again."""
    first = world.boards[0]
    place = BoardPlace("scratch", world.scratch_origin(), "west", first.tile_size, first.height)
    layout = Layout(place)
    (x0, y0, z0), (x1, y1, z1) = layout.bounds()
    where = f"{x0} {y0} {z0}"
    twin.command(f"forceload add {x0} {z0} {x1} {z1}")
    reply = ""
    for _ in range(20):  # forced chunks load over the next ticks
        reply = twin.command(f"place template {structure_id(layout)} {where}")
        if "not loaded" not in reply and "not be loaded" not in reply:
            break
        time.sleep(0.25)
    placed = _ok(reply) and "Loaded template" in reply
    half = layout.size // 2
    reads = [(layout.block(20, half, half, 1), "minecraft:chest"),
             (layout.buttons()["naughty"], BUTTON_BLOCKS["naughty"]),
             (layout.buttons()["jar"], BUTTON_BLOCKS["jar"]),
             (layout.sign(39), "minecraft:oak_sign"),
             (layout.block(0, 0, 0, 0), "minecraft:red_concrete")]
    missing = [f"{block} at {' '.join(map(str, layout.world(pos)))}" for pos, block in reads
               if "Test passed" not in twin.command(
                   "execute if block {} {} {} {}".format(*layout.world(pos), block))]
    sx, sy, sz = layout.world(layout.sign(39))
    sign = twin.command(f"data get block {sx} {sy} {sz} front_text.messages[0]")
    hanging = hanging_blocks(twin.pack.structures[structure_id(layout)])
    cleared, items = _clear(twin, (x0, y0, z0), (x1, y1, z1), hanging, world)
    if items:  # a clear that dropped what hung on the board: take the items off the ground again
        _items(twin, (x0, y0, z0), (x1, y1, z1), kill=True)
    twin.command(f"forceload remove {x0} {z0} {x1} {z1}")
    if not placed:
        return False, (f"the board template could not be placed in the scratch area at {where}: "
                       f"{reply[:160]!r}; is the pack installed, and the area in the world?")
    if missing or stored_text(sign, world.version) != "Boardwalk":
        what = missing[0] if missing else f"the Boardwalk sign ({sign[:80]!r})"
        return False, f"the board template placed at {where} does not read back: no {what}"
    if not cleared:
        return False, f"the scratch area at {where} could not be cleared: clear it by hand"
    if items:
        return False, (f"clearing the scratch board at {where} dropped {items} items (signs or buttons that "
                       f"popped off before the fill reached them); they were killed again. Please report "
                       f"this with the transcript (--transcript FILE)")
    return True, (f"the board template placed in the scratch area at {where}, read back "
                  f"({len(reads)} blocks and a sign) and cleared, hanging blocks first: no item left")


def stored_text(reply: str, version: McVersion) -> str | None:
    """The words of a text component read back with `data get block` (a sign's line, a banner's name), in
    the form the release stores it: up to 1.21.4 a JSON string, itself a bare JSON string when the
    component is plain (`'"Boardwalk"'`), else an object; from 1.21.5 NBT, a string tag when plain,
    else a compound (docs/vanilla-behaviour.md rows B4, B5). None when the reply holds no component."""
    found = _BLOCK_DATA.search(reply)
    if found is None:
        return None
    try:
        value = printed.plain(printed.read(found.group(1)))
        if not version.is_snbt_text:
            value = json.loads(value) if isinstance(value, str) else None
    except (printed.Refusal, RecursionError, ValueError):  # the SNBT's or the JSON's: a reply that holds no component
        return None
    return plain(value) if isinstance(value, str | list | dict) else None


def _clear(twin: Twin, low: tuple[int, int, int], high: tuple[int, int, int], hanging: tuple[str, ...],
           world: WorldConfig) -> tuple[bool, int]:
    """Clear the box with air, hanging blocks first so none drops (`boardfns.clear_commands`); whether
    every fill worked, and how many items lie in the box afterwards (0 as vanilla clears it)."""
    ok = True
    for line in clear_commands(low, high, hanging, world.version):
        reply = twin.command(line)
        ok &= _ok(reply) and ("Successfully filled" in reply or "No blocks were filled" in reply)
    return ok, _items(twin, low, high)


def _items(twin: Twin, low: tuple[int, int, int], high: tuple[int, int, int], *, kill: bool = False) -> int:
    """How many item entities lie in a box and two blocks around it (`execute if entity`'s count; a popped
    block's item is thrown a little way, `ItemEntity`'s random motion); `kill` takes them away."""
    (x0, y0, z0), (x1, y1, z1) = low, high
    around = (f"@e[type=minecraft:item,x={x0 - MARGIN},y={y0 - MARGIN},z={z0 - MARGIN},dx={x1 - x0 + 2 * MARGIN},"
              f"dy={y1 - y0 + 2 * MARGIN},dz={z1 - z0 + 2 * MARGIN}]")
    found = _COUNT.search(twin.command(f"execute if entity {around}"))
    if kill and found:
        twin.command(f"kill {around}")
    return int(found.group(1)) if found else 0


def macro_calls(twin: Twin, world: WorldConfig) -> Result:
    """Call every kind of macro function the controller uses, once, with a probe player name."""
    board = world.boards[0].name
    jar_before = _HAS.search(twin.command(f"scoreboard players get $jar.{board} {CASH}"))
    version = world.version
    requests = [
        calls.card(PROBE, "chance", 0), calls.take_card(PROBE, "chance", 0),
        calls.deed(PROBE, 39), calls.take_deed(PROBE, 39),
        *[calls.prompt(PROBE, name, fine=50) if name.startswith("jail") else calls.prompt(PROBE, name)
          for name in calls.PROMPTS],
        calls.prompt_buy(PROBE, 39), calls.prompt_bid(PROBE, 120, PROBE), calls.prompt_bus(PROBE, 4, 2),
        calls.prompt_offer_to(PROBE, [(1, "Alex")]), calls.prompt_claim(PROBE, 39, 50),
        *[calls.message(kind, PROBE, "Monopoli doctor: a probe", version) for kind in calls.MESSAGES],
        calls.enable(PROBE), calls.cash(PROBE, 1500), f"scoreboard players reset {PROBE} {CASH}",
        calls.pawn(PROBE, world.colors[0]), calls.unpawn(PROBE),
        calls.banner(board, 1, world.colors[0], PROBE), calls.unbanner(board, 1),
        calls.houses(board, 1, 0), calls.teleport(PROBE, board, 0), calls.jail(PROBE, board),
        calls.walk(PROBE), calls.walked(PROBE), calls.sit(PROBE, 1), calls.unsit(PROBE),
        calls.jar(board, int(jar_before.group(1)) if jar_before else 0),
    ]
    if jar_before is None:
        requests.append(calls.jar(board, None))
    failed = [(request, reply) for request in requests
              if not _ok(reply := twin.command(request))]
    if failed:
        request, reply = failed[0]
        return False, (f"{len(failed)} of {len(requests)} controller calls fail, the first "
                       f"`{request[:80]}`: {reply[:120]!r}; rebuild and reinstall the pack")
    return True, f"every kind of controller call answers ({len(requests)} calls for {PROBE})"


def inbox_round_trip(twin: Twin, world: WorldConfig) -> Result:
    """Queue an event with a trigger's own function, read it back, parse it, acknowledge it."""
    try:
        waiting = parse_inbox(twin.command(INBOX_QUERY))
    except InboxError as exc:
        return False, f"the inbox does not read back: {exc}"
    twin.command("function monopoli:input/jar")  # what `/trigger jar` runs (as the console: no UUID)
    try:
        events = parse_inbox(twin.command(INBOX_QUERY))
    except InboxError as exc:
        return False, f"the inbox does not parse after an event was queued: {exc}"
    seen = {e.seq for e in waiting}
    probe = [e for e in events if e.seq not in seen and e.kind == "jar"]
    if len(probe) != 1:
        return False, "an event queued by monopoli:input/jar did not arrive in the inbox once"
    seq = probe[0].seq
    if waiting:  # unread events of players wait there: keep them, take only the probe out
        twin.command(f"data remove storage {STORAGE} inbox[{{seq:{seq}}}]")
        how = f"taken out alone ({len(waiting)} unread events kept)"
    else:
        twin.command(calls.ack(seq))
        how = "acknowledged"
    try:
        after = parse_inbox(twin.command(INBOX_QUERY))
    except InboxError as exc:
        return False, f"the inbox does not parse after the acknowledgement: {exc}"
    if any(e.seq == seq for e in after) or len(after) != len(waiting):
        return False, f"the probe event (seq {seq}) is still in the inbox after it was {how}"
    return True, f"an event through the inbox: queued by monopoli:input/jar, read back as seq {seq}, {how}"


def big_score(twin: Twin, world: WorldConfig) -> Result:
    """A score holds 2,147,483,647, the most any cash or jar can be."""
    holder = "$doctor"
    twin.command(f"scoreboard players set {holder} {SEQ} {INT_MAX}")
    found = _HAS.search(twin.command(f"scoreboard players get {holder} {SEQ}"))
    twin.command(f"scoreboard players reset {holder} {SEQ}")
    if found is None or int(found.group(1)) != INT_MAX:
        return False, f"a score set to {INT_MAX:,} reads back as {found.group(1) if found else 'nothing'}"
    return True, f"a score holds {INT_MAX:,}"


def printed_shapes(twin: Twin, world: WorldConfig) -> Result:
    """Shapes docs/vanilla-behaviour.md could not read for every release, asked of both twins.

    A list of 130 numbers (row S6: cut at 128 on 1.21-1.21.4), an array of 130 (S5), a string
    with control characters (S9), and a banner written twice on the same block state (B1: the
    second name is dropped up to 1.21.4). Any reply the sandbox gives otherwise is listed with
    the other differences; the probe fails only when the server refuses a request.
    """
    store = "monopoli:doctor"
    x, y, z = world.scratch_origin()
    dialect = Dialect(world.version)

    def banner(who: str) -> str:  # a banner named as the pack names one (boardfns)
        name = dialect.nbt(text(who))
        return f"setblock {x} {y} {z} minecraft:gray_banner[rotation=8]{{CustomName:{name}}} replace"
    numbers = ",".join(map(str, range(130)))
    requests = [f"data modify storage {store} list set value [{numbers}]", f"data get storage {store} list",
                f"data modify storage {store} array set value [I;{numbers}]", f"data get storage {store} array",
                f"data modify storage {store} text set value \"tab\tnewline\nbell\u0007\"",
                f"data get storage {store} text", f"data remove storage {store} list",
                f"data remove storage {store} array", f"data remove storage {store} text"]
    refused = [(request, reply) for request in requests if not _ok(reply := twin.command(request))]
    twin.command(f"forceload add {x} {z}")
    for _ in range(20):  # a forced chunk loads over the next ticks
        if "not loaded" not in twin.command(banner("Alex")):
            break
        time.sleep(0.25)
    block = [banner("Sam"), f"data get block {x} {y} {z} CustomName",
             f"setblock {x} {y} {z} minecraft:air replace", f"forceload remove {x} {z}"]
    refused += [(request, reply) for request in block if not _ok(reply := twin.command(request))]
    requests += ["forceload add", banner("Alex")] + block
    if refused:
        request, reply = refused[0]
        return False, f"the server refused `{request[:60]}`: {reply[:120]!r}"
    return True, f"lists, arrays, strings and block data read back ({len(requests)} requests)"


def players_list(twin: Twin, world: WorldConfig) -> Result:
    """`list uuids` parses; the sandbox is given the same players first, so its reply can match."""
    reply = twin.server_only(LIST_UUIDS)
    try:
        players = parse_uuid_list(reply)
    except InboxError as exc:
        return False, f"{exc}"
    limit = re.search(r"of a max of (\d+) players", reply)
    if limit is not None:
        twin.box.world.max_players = int(limit.group(1))
    for uid, name in players.items():
        if twin.box.world.player(name) is None:
            twin.box.world.join(name, uuidlib.UUID(uid))
    twin.command(LIST_UUIDS)
    if not players:
        return True, "list uuids parses: nobody online"
    return True, f"list uuids parses: {len(players)} online ({', '.join(sorted(players.values()))})"


def refusals(twin: Twin, world: WorldConfig) -> Result:
    """What vanilla refuses, truncates or wraps where docs/vanilla-behaviour.md could not read every
    release (rows E1, E3, E4, E8, E11), asked of both twins; any reply the sandbox gives otherwise
    is listed with the other differences. The probe fails only when it cannot leave things as they were.

    E3: removing a tag twice; E4: `byte 1` of 300; E8: `data get` of a number below the int range;
    E11: a chest set again in the same state (emptied up to 1.21.4). On 1.21.5-1.21.10 only, whose
    SNBT was not read: E1, a `\\u` escape (refused up to 1.21.4, taken by 1.21.11), and E8, `1e999d`
    (taken up to 1.21.4, refused by 1.21.11). A line the release refuses is a reply like any other.
    """
    store = "monopoli:doctor"
    x, y, z = world.scratch_origin()
    chest = f'minecraft:chest{{Items:[{{Slot:0b,id:"minecraft:paper",count:3}}]}}'
    requests = [f"data modify storage {store} big set value 300", f"execute store result storage {store} e4 "
                f"byte 1 run data get storage {store} big", f"data get storage {store} e4",
                f"data modify storage {store} huge set value -3.0E10d", f"data get storage {store} huge",
                f"data remove storage {store} big", f"data remove storage {store} big",
                f"data remove storage {store} e4", f"data remove storage {store} huge"]
    if (1, 21, 5) <= world.version.number <= (1, 21, 10):  # read for 1.21.4 and 1.21.11; these settle the rest
        requests += [f'data modify storage {store} e1 set value "a\\u0041b"', f"data get storage {store} e1",
                     f"data modify storage {store} e8 set value 1e999d", f"data get storage {store} e8",
                     f"data remove storage {store} e1", f"data remove storage {store} e8"]
    for request in requests:
        twin.command(request)
    twin.command(f"forceload add {x} {z}")
    placed = ""
    for _ in range(20):  # a forced chunk loads over the next ticks
        placed = twin.command(f"setblock {x} {y} {z} {chest}")
        if "not loaded" not in placed:
            break
        time.sleep(0.25)
    twin.command(f"setblock {x} {y} {z} minecraft:chest")
    twin.command(f"data get block {x} {y} {z} Items")
    cleared = twin.command(f"setblock {x} {y} {z} minecraft:air replace")
    twin.command(f"forceload remove {x} {z}")
    if "Changed the block" not in placed or "Changed the block" not in cleared:
        return False, (f"the chest at {x} {y} {z} in the scratch area could not be placed and cleared "
                       f"({placed[:80]!r}, {cleared[:80]!r}): clear it by hand")
    return True, f"refusals, truncation and wrapping asked ({len(requests) + 6} requests)"


_RULE_VALUE = re.compile(r"is currently set to: (\d+)")


def counts_and_orders(twin: Twin, world: WorldConfig) -> Result:
    """What the command limit counts (row F7), and orders and escapes the ledger read for 1.21.4 and
    1.21.11 only (C3, S2, S9), asked of both twins; a reply the sandbox gives otherwise is listed.

    F7: with the limit at 2, `execute positioned … positioned … run scoreboard players set` spends
    it on its two stages and vanilla drops the command; the game is frozen meanwhile (`tick freeze`:
    no tick function runs, so none is cut short) and the limit put back. C3: `scoreboard objectives
    list` (compared only when the server has the pack's objectives and no other). S2: a copied
    `{a:1,d:2}` (`{d: 2, a: 1}` up to 1.21.4). S9: an escape character printed (`\\x1B` from 1.21.5).
    The probe fails only when the limit cannot be read or put back.
    """
    store = "monopoli:doctor"
    rule = "max_command_sequence_length" if world.version.number >= (1, 21, 11) else "maxCommandChainLength"
    was = _RULE_VALUE.search(twin.server_only(f"gamerule {rule}"))
    if was is None:
        return False, f"the game rule {rule} could not be read"
    twin.mirror(f"gamerule {rule} {was.group(1)}")
    twin.server_only("tick freeze")
    try:
        twin.command(f"gamerule {rule} 2")
        twin.command(f"execute positioned ~ ~ ~ positioned ~ ~ ~ run scoreboard players set {PROBE} {SEQ} 1")
    finally:
        restored = twin.command(f"gamerule {rule} {was.group(1)}")
        twin.server_only("tick unfreeze")
    twin.command(f"scoreboard players get {PROBE} {SEQ}")
    twin.command(f"scoreboard players reset {PROBE} {SEQ}")
    listed = twin.server_only("scoreboard objectives list")
    names = set(re.findall(r"\[([^\]]+)\]", listed))
    if names == set(twin.box.world.scoreboard.objectives):
        twin.command("scoreboard objectives list")
    for request in (f"data modify storage {store} keys set value {{a:1,d:2}}", f"data get storage {store} keys",
                    f'data modify storage {store} esc set value "a\x1bb"', f"data get storage {store} esc",
                    f"data remove storage {store} keys", f"data remove storage {store} esc"):
        twin.command(request)
    if was.group(1) not in restored:
        return False, (f"the game rule {rule} may not be back at {was.group(1)} ({restored[:80]!r}): "
                       f"set it with `gamerule {rule} {was.group(1)}`")
    return True, f"the command limit's count, listing and key orders, escapes asked (limit {was.group(1)} put back)"


def stored_text_and_drops(twin: Twin, world: WorldConfig) -> Result:
    """What the sandbox once answered otherwise than a real server (issue 33), asked of both twins.

    B4, B5: a plain and a styled line on a sign, a plain and a styled name on a banner, read back (a
    plain one is stored collapsed to a bare string). B6: a fill that clears a sign's support first:
    the sign pops off, is not counted, and lies there as an item (then killed). N1: an online
    player's name in another case finds them (`PlayerList.getPlayerByName` ignores case), and
    `@a[name=…]` does not (asked only while someone is online). The probe fails when a component
    does not read back as written or the scratch blocks cannot be cleared.
    """
    x, y, z = world.scratch_origin()
    dialect = Dialect(world.version)
    plain_line, styled = dialect.nbt(text("Boardwalk")), dialect.nbt(text("Alex", color="red"))
    empty = dialect.nbt(text(""))
    twin.command(f"forceload add {x} {z} {x + 2} {z}")
    for _ in range(20):  # a forced chunk loads over the next ticks
        if "not loaded" not in twin.command(f"setblock {x} {y} {z} minecraft:stone"):
            break
        time.sleep(0.25)
    sign = f"{x} {y + 1} {z}"
    twin.command(f"setblock {sign} minecraft:oak_sign{{front_text:{{messages:[{plain_line},{styled},{empty},"
                 f"{empty}]}}}}")
    read = [stored_text(twin.command(f"data get block {sign} front_text.messages[{i}]"), world.version)
            for i in (0, 1)]
    for name in (plain_line, styled):
        twin.command(f"setblock {x + 2} {y} {z} minecraft:air replace")  # row B1: a new name needs a new block
        twin.command(f"setblock {x + 2} {y} {z} minecraft:gray_banner[rotation=8]{{CustomName:{name}}} replace")
        read.append(stored_text(twin.command(f"data get block {x + 2} {y} {z} CustomName"), world.version))
    twin.command(f"setblock {x + 2} {y} {z} minecraft:air replace")
    box = (x, y, z), (x, y + 1, z)
    filled = twin.command(f"fill {x} {y} {z} {x} {y + 1} {z} minecraft:air")
    dropped = _items(twin, *box, kill=True)
    left = _items(twin, *box)
    twin.command(f"forceload remove {x} {z} {x + 2} {z}")
    cases = _case_probe(twin)
    if read != ["Boardwalk", "Alex", "Boardwalk", "Alex"]:
        return False, (f"sign and banner text does not read back as written: {read} (expected Boardwalk, Alex "
                       f"on a sign and on a banner)")
    if not _ok(filled) or left:
        return False, (f"the scratch blocks at {x} {y} {z} could not be cleared ({filled[:80]!r}, {left} items "
                       f"left): clear them by hand")
    return True, (f"sign and banner text read back, plain and styled; a fill under a sign dropped {dropped} "
                  f"item(s), taken away again{cases}")


def _case_probe(twin: Twin) -> str:
    """Ask for an online player by their name in another case: found as a name, not by `@a[name=…]`."""
    online = [p.name for p in twin.box.world.online_players() if p.name.swapcase() != p.name]
    if not online:
        return "; no player online to ask a name in another case"
    other = online[0].swapcase()
    twin.command(f"execute if entity {other}")
    twin.command(f"execute if entity @a[name={other}]")
    return f"; {online[0]} asked as {other}"
