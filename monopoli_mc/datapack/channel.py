"""The event channel: load, tick, triggers, buttons, admin requests, the inbox and `ack`.

Every player intent is a trigger objective enabled per player; a use is appended to
`storage monopoli:bridge inbox` as `{seq, kind, uuid, value}` and the trigger is
enabled again for that player only. Whatever value a use leaves, it is queued: the tick
takes every value but 0, and since a use at 0 (`/trigger bid set 0`) changes no score, only
the lock it leaves shows it. `player/unlock/<n>` finds those once a second: enabling a trigger
succeeds only when it was locked. The sweep is spread over the second, a few triggers a tick
(`UNLOCK_PARTS` parts, each scheduling the next a tick later), since each line walks every
online player: all at once it was a spike of two commands a player a trigger in one tick
(3,700 with 16 boards of 8 players), a lag spike every second. `function monopoli:ack {seq:N}` drops the
entries up to N, which works because entries are appended in `seq` order.

The inbox holds at most INBOX_PAGE entries, so the controller's read is bounded on every
release (1.21-1.21.4 print only 128 elements of a list, and a reply has a size bound): a use
that finds it full, or finds entries already waiting, goes to `storage monopoli:backlog pages`,
pages of at most INBOX_PAGE entries that the controller never reads. When the inbox is empty
again (acknowledged, or at any tick) the oldest page becomes the inbox, so every entry reaches
the controller, in order. Each entry carries `boot`, drawn at every load: a world put back to
an earlier save counts again from that save's `seq`, and the boot tells its new entries from
the ones the controller applied before. Every loop runs at most INBOX_PAGE times per call.

Beside the inbox, every tick writes `pos`: the UUID and position of each player tagged
`monopoli.walk` (the controller tags a player it waits for to walk to a space), so the
controller's one read of `storage monopoli:bridge` per poll carries the positions too.

A player who died is queued as `{kind:"died"}` once they are alive again (respawned at the world
spawn, off their space): the `monopoli.died` deathCount score says they died, and `@e` matches only
the living. The load sets peaceful and keeps inventories, so no mob harms a player and no death drops a
book; the controller still puts a respawned player back (a fall or `/kill` kills in peaceful too).
"""

from __future__ import annotations

from dataclasses import dataclass

from monopoli_mc.datapack.escape import TABLE
from monopoli_mc.datapack.pack import Pack
from monopoli_mc.datapack.text import Dialect, text
from monopoli_mc.limits import SCORE_MAX

STORAGE = "monopoli:bridge"
OUTBOX = "monopoli:outbox"
CASH = "monopoli.cash"
SEQ = "monopoli.seq"
LEFT = "monopoli.left"
SEEN_TAG = "monopoli.seen"
WALK_TAG = "monopoli.walk"  # a player the controller waits for: their position rides on the inbox read
LOCKED = "monopoli.locked"  # set by the unlock sweep: this trigger was locked at 0
UNLOCK_PARTS = 20  # the sweep for triggers locked at 0 (`/trigger bid set 0`) takes a second, a part a tick
JAR_HOLDER = "$jar."  # + the board's name: each board's Free Parking jar is its own sidebar line
WORLD_ID_RANGE = "1..2147483646"  # as wide as vanilla's `random value` takes
BACKLOG = "monopoli:backlog"  # pages of entries waiting for room in the inbox; never read by the controller
REFILL = (f"execute unless data storage {STORAGE} inbox[0] if data storage {BACKLOG} pages[0] "
          "run function monopoli:bridge/refill")  # an empty inbox takes the oldest waiting page
INBOX_PAGE = 64  # entries in the inbox, and in a backlog page, at most: below 1.21-1.21.4's 128
WALKERS = 64  # positions in `pos` at most, for the same reason
SEQ_END = SCORE_MAX  # the counter's last value: the next entry starts a new boot from 1
BEAT = "$beat"  # in SEQ: the game time the controller was last heard (a read of its, `bridge/heard`; a write)
READ = "$read"  # in SEQ: set to 1 by each read of the controller's (`execute store result score $read …`)
LATE = "$late"  # in SEQ: ticks since the controller was last heard, worked out when an input is queued
QUIET = "$quiet"  # in SEQ: ticks without a word from the controller after which it is silent (it sets it)
DEAF_AFTER = 19  # QUIET until a controller sets it: silent from the 20th tick (a second) without a read
WROTE = "$wrote"  # in SEQ: the controller's writes counted (each batch); every entry carries it as `w`
ACKED = "$acked"  # in SEQ: the highest entry the controller acknowledged (`$ack` is each ack's own, 0 for none)
TOLD = "$told"  # in SEQ: the counter when the pack last told the players waiting that nobody answers
DEAF_STORE = "monopoli:quiet"  # `after`: QUIET + 1, the ticks bridge/deaf (bars.py) waits for a read
ASKED = "monopoli.asked"  # a player's last input given while the controller seemed to answer (its seq)


@dataclass(frozen=True)
class Intent:
    """A trigger a player may use: `/trigger <name>` or `/trigger <name> set <n>`."""

    name: str
    takes_value: bool
    meaning: str


INTENTS = (
    Intent("d6", False, "roll the dice"),
    Intent("buy", False, "buy the property you are on"),
    Intent("auction", False, "decline to buy: the bank auctions it"),
    Intent("bid", True, "bid N dollars in the auction"),
    Intent("end_turn", False, "end your turn"),
    Intent("jail_pay", False, "pay the fine to leave jail"),
    Intent("jail_card", False, "use a Get Out of Jail Free card"),
    Intent("build", True, "build a house on space N"),
    Intent("sell", True, "sell a house on space N"),
    Intent("mortgage", True, "mortgage space N"),
    Intent("lift", True, "lift the mortgage on space N"),
    Intent("deed", True, "get the title deed book of space N"),
    Intent("naughty", False, "draw a Chance card (naughty)"),
    Intent("nice", False, "draw a Chance card (nice)"),
    Intent("crate", False, "draw a Community Chest card (crate)"),
    Intent("jar", False, "show what is in the Free Parking jar"),
    Intent("accept", False, "accept the trade offered to you"),
    Intent("refuse", False, "refuse the trade offered to you"),
    Intent("join", False, "join the game on this board"),
    # Values start at 1: 0 is a trigger's resting value (a use at 0 is answered as a mistake).
    Intent("bus", True, "the speed die's Bus: move by the first die (1), the second (2) or their sum (3)"),
    Intent("role", True, "choose your side: competitor (1) or monopolist (2)"),
    Intent("goto", True, "triples: move to space N (1-39; GO is 40)"),
    Intent("claim", True, "claim the rent due to you on space N"),
    Intent("offer", True, "trade: put deed N in your offer (yours: you give it; another's: you ask for it)"),
    Intent("offer_cash", True, "trade: give N dollars (a negative N asks for them)"),
    Intent("offer_card", True, "trade: give N Get Out of Jail Free cards (a negative N asks for them)"),
    Intent("offer_to", True, "trade: offer to the player of seat N (the chat buttons show names)"),
    Intent("offer_send", False, "trade: propose your offer"),
    Intent("offer_clear", False, "trade: drop your offer"),
    Intent("standings", False, "get the night's standings as a book: your rank and the top ten"),
)

# Admin requests: (name, macro arguments). Each is `admin/<name>` (the board found from the player
# named, where the operator stands, or the only board) and `admin/<board>/<name>` for every board.
ADMIN = (
    ("pay", ("player", "amount")), ("fine", ("player", "amount")),
    ("move", ("player", "space")), ("give_deed", ("player", "space")),
    ("seat", ("player",)), ("unseat", ("player",)), ("kick", ("player",)), ("bankrupt", ("player",)),
    ("start", ()), ("end", ()), ("pause", ()), ("resume", ()), ("sync", ()), ("undo", ()), ("status", ()),
)

GAMERULES = (("command_block_output", "commandBlockOutput", "false"),
             ("send_command_feedback", "sendCommandFeedback", "false"),
             ("log_admin_commands", "logAdminCommands", "false"),
             # a death drops nothing (Player.dropEquipment reads it), so no book of the game lies on the floor
             ("keep_inventory", "keepInventory", "true"))
DIFFICULTY = "peaceful"  # no hostile mob spawns, and those about are removed (ledger H1-H3)
DIED = "monopoli.died"  # deathCount: a player who died and is alive again is queued as DIED_KIND
DIED_KIND = "died"
BOOK_DATA = '"minecraft:custom_data"'  # the component every book the pack gives carries `monopoli:{…}` in


def add_channel(pack: Pack, dialect: Dialect, boards: list[str]) -> None:
    """Load, tick, player join, inputs, buttons, queue, ack and the admin functions for these boards."""
    pack.function("load", _load(pack, dialect, several=len(boards) > 1))
    pack.function("tick", _tick())
    pack.function_tags["minecraft:load"] = ["monopoli:load"]
    pack.function_tags["minecraft:tick"] = ["monopoli:tick"]
    _players(pack)
    _queue(pack)
    _batch(pack)
    for intent in INTENTS:
        pack.function(f"input/{intent.name}", [
            f'data modify storage {STORAGE} next set value {{kind:"{intent.name}"}}',
            f"data modify storage {STORAGE} next.uuid set from entity @s UUID",
            # where a joiner stands picks the board (with several): kept with the entry, not asked for later
            *([f"data modify storage {STORAGE} next.at set from entity @s Pos"] if intent.name == "join" else []),
            f"execute store result storage {STORAGE} next.value int 1 "
            f"run scoreboard players get @s {intent.name}",
            "function monopoli:bridge/queue",
            f"scoreboard players set @s {intent.name} 0",
            f"scoreboard players enable @s {intent.name}",
            "function monopoli:bridge/kept",
        ])
    _admin(pack, dialect, boards)
    _heartbeat(pack, dialect)


def _load(pack: Pack, dialect: Dialect, *, several: bool) -> list[str]:
    snake = pack.version.has_snake_case_gamerules
    lines = [f"gamerule {new if snake else old} {value}" for new, old, value in GAMERULES]
    # Peaceful: slimes spawned at y -60 on the superflat default and killed the players (issue 33).
    # `difficulty` fails, changing nothing, when it is already peaceful.
    lines += [f"difficulty {DIFFICULTY}"]
    lines += [
        f"scoreboard objectives add {CASH} dummy {dialect.arg(text('Cash', color='gold'))}",
        # One sidebar cannot show several tables (hud.py): with several boards it shows nothing, and
        # each player reads their own table on the action bar.
        "scoreboard objectives setdisplay sidebar" if several else f"scoreboard objectives setdisplay sidebar {CASH}",
        f"scoreboard objectives add {SEQ} dummy",
        f"scoreboard objectives add {LEFT} minecraft.custom:minecraft.leave_game",
        f"scoreboard objectives add {LOCKED} dummy",
        f"scoreboard objectives add {DIED} deathCount",
        f"scoreboard objectives add {TABLE} dummy",
    ]
    lines += [f"scoreboard objectives add {i.name} trigger" for i in INTENTS]
    # The world's identity, drawn once when the pack first loads in a world (it lives in the world's
    # storage): the controller's inbox cursor belongs to it, so a new world is a new queue.
    lines += [f"execute unless data storage {STORAGE} world run execute store result storage {STORAGE} world "
              f"int 1 run random value {WORLD_ID_RANGE}"]
    # A boot per load: the entries queued from now on are told from any the world queued before a
    # save it was put back to (their seq may repeat); `seq` mirrors the counter for the controller,
    # `since` is the counter at this load (below what the controller applied: a save was put back).
    lines += [f"execute store result storage {STORAGE} boot int 1 run random value {WORLD_ID_RANGE}"]
    lines += [f"scoreboard players add {BEAT} {SEQ} 0",  # 0 until a controller first beats: not answering
              f"execute unless score {QUIET} {SEQ} matches 1.. run scoreboard players set {QUIET} {SEQ} {DEAF_AFTER}",
              f"execute unless data storage {DEAF_STORE} after run data modify storage {DEAF_STORE} after set value "
              f"{DEAF_AFTER + 1}",
              *[f"scoreboard players add {holder} {SEQ} 0" for holder in (WROTE, ACKED, TOLD)],
              f"scoreboard objectives add {ASKED} dummy",
              f"scoreboard players add $seq {SEQ} 0",
              f"execute store result storage {STORAGE} seq int 1 run scoreboard players get $seq {SEQ}",
              f"execute store result storage {STORAGE} since int 1 run scoreboard players get $seq {SEQ}",
              f"execute unless data storage {STORAGE} inbox run "
              f"data modify storage {STORAGE} inbox set value []",
              f"execute unless data storage {BACKLOG} pages run data modify storage {BACKLOG} pages set value []",
              f"data modify storage {STORAGE} pos set value []",
              # Enable only, never zero: `#minecraft:load` runs at the start of the tick after a /reload,
              # before `#minecraft:tick` (ServerFunctionManager.tick), so a /trigger typed in the same
              # tick as the /reload still holds its value here and the tick queues it.
              "function monopoli:player/reenable_all",
              # one sweep only: a reload must not start a second chain beside the one under way
              *[f"schedule clear monopoli:player/unlock/{part}" for part in range(UNLOCK_PARTS)],
              f"schedule function monopoli:player/unlock/0 {UNLOCK_PARTS}t"]
    return lines


def _tick() -> list[str]:
    # First: the controller was heard (it read the inbox since the last tick); then, while inputs wait
    # unacknowledged, whether it has been silent too long for them (`bridge/watch`).
    lines = [f"execute if score {READ} {SEQ} matches 1.. run function monopoli:bridge/heard",
             f"execute if score $seq {SEQ} > {ACKED} {SEQ} if score $seq {SEQ} > {TOLD} {SEQ} "
             "run function monopoli:bridge/watch",
             f"execute as @a[tag=!{SEEN_TAG}] run function monopoli:player/first_join",
             f"execute as @a[scores={{{LEFT}=1..}}] run function monopoli:player/rejoin",
             # `@e`, not `@a`: only living entities (EntitySelectorParser), so a player on the death screen
             # is queued once respawned, where the controller can put them back (ledger H6)
             f"execute as @e[type=minecraft:player,scores={{{DIED}=1..}}] run function monopoli:player/died"]
    lines += [f"execute as @a[scores={{{i.name}=1..}}] run function monopoli:input/{i.name}"
              for i in INTENTS]
    # A negative value (`/trigger bid set -5`, `/trigger d6 set -1`) is queued too, so the
    # controller can say what it means; otherwise the trigger would stay locked with it for good.
    lines += [f"execute as @a[scores={{{i.name}=..-1}}] run function monopoli:input/{i.name}"
              for i in INTENTS]
    # An empty inbox takes the oldest waiting page, whether or not the controller acknowledged.
    lines += [REFILL]
    # Last, so the positions are those at the end of the tick, when the controller reads.
    return lines + [f"data modify storage {STORAGE} pos set value []",
                    f"execute as @a[tag={WALK_TAG},limit={WALKERS}] run function monopoli:bridge/pos"]


def _unlock(part: int) -> list[str]:
    """Queue the uses at 0 of this part's triggers: one at 0 that was locked (enable succeeds only
    then); then the next part, a tick later."""
    lines: list[str] = []
    for i in INTENTS[part::UNLOCK_PARTS]:
        lines += [f"execute as @a[scores={{{i.name}=0}}] store success score @s {LOCKED} "
                  f"run scoreboard players enable @s {i.name}",
                  f"execute as @a[scores={{{i.name}=0,{LOCKED}=1}}] run function monopoli:input/{i.name}"]
    return lines + [f"schedule function monopoli:player/unlock/{(part + 1) % UNLOCK_PARTS} 1t"]


def _players(pack: Pack) -> None:
    enable: list[str] = []
    for intent in INTENTS:
        enable += [f"scoreboard players set @s {intent.name} 0",
                   f"scoreboard players enable @s {intent.name}"]
    pack.function("player/enable", enable + ["function monopoli:press/reset"])
    # At load: every trigger enabled again, none zeroed (a value set before the load is an input not yet read).
    pack.function("player/reenable", [f"scoreboard players enable @s {i.name}" for i in INTENTS]
                  + ["function monopoli:press/reset"])
    pack.function("player/reenable_all", ["execute as @a run function monopoli:player/reenable"])
    for part in range(UNLOCK_PARTS):
        pack.function(f"player/unlock/{part}", _unlock(part))
    online = [f'data modify storage {STORAGE} next set value {{kind:"online",value:0}}',
              f"data modify storage {STORAGE} next.uuid set from entity @s UUID",
              "function monopoli:bridge/queue"]
    # Books a death dropped (keep-inventory off) go at once, wherever they lie in loaded chunks: a pack book
    # on the floor is nobody's (the controller gives the dead player theirs again). Only on a death, so the
    # item NBT test (each item entity's data compared) costs nothing in play.
    dropped = "{Item:{components:{" + BOOK_DATA + ":{monopoli:{}}}}}"
    pack.function("player/died", [f"kill @e[type=minecraft:item,nbt={dropped}]",
                                  f"scoreboard players set @s {DIED} 0",
                                  f'data modify storage {STORAGE} next set value {{kind:"{DIED_KIND}",value:0}}',
                                  f"data modify storage {STORAGE} next.uuid set from entity @s UUID",
                                  "function monopoli:bridge/queue"])
    pack.function("player/first_join",
                  [f"tag @s add {SEEN_TAG}", "function monopoli:player/enable"] + online)
    pack.function("player/rejoin",
                  [f"scoreboard players reset @s {LEFT}", "function monopoli:player/enable"]
                  + online)


def _queue(pack: Pack) -> None:
    full = f"{STORAGE} inbox[{INBOX_PAGE - 1}]"
    pack.function("bridge/queue", [
        f"execute if score $seq {SEQ} matches {SEQ_END}.. run function monopoli:bridge/rebase",
        f"scoreboard players add $seq {SEQ} 1",
        f"execute store result storage {STORAGE} next.seq int 1 run scoreboard players get $seq {SEQ}",
        f"data modify storage {STORAGE} next.boot set from storage {STORAGE} boot",
        # the controller's writes so far: two inputs with the same `w` had no write between them
        f"execute store result storage {STORAGE} next.w int 1 run scoreboard players get {WROTE} {SEQ}",
        f"execute store result storage {STORAGE} seq int 1 run scoreboard players get $seq {SEQ}",
        # behind entries already waiting, or when the inbox is full: wait in the backlog
        f"execute if data storage {BACKLOG} pages[0] run return run function monopoli:bridge/wait",
        f"execute if data storage {full} run return run function monopoli:bridge/wait",
        f"data modify storage {STORAGE} inbox append from storage {STORAGE} next",
        f"data remove storage {STORAGE} next",
    ])
    pack.function("bridge/wait", [
        f"execute unless data storage {BACKLOG} pages[0] run data modify storage {BACKLOG} pages append value []",
        f"execute if data storage {BACKLOG} pages[-1][{INBOX_PAGE - 1}] run "
        f"data modify storage {BACKLOG} pages append value []",
        f"data modify storage {BACKLOG} pages[-1] append from storage {STORAGE} next",
        f"data remove storage {STORAGE} next",
    ])
    pack.function("bridge/refill", [
        f"data modify storage {STORAGE} inbox set from storage {BACKLOG} pages[0]",
        f"data remove storage {BACKLOG} pages[0]",
    ])
    # The counter at its end (only a hand can put it there): a new boot, counted from 1 again.
    pack.function("bridge/rebase", [
        f"execute store result storage {STORAGE} boot int 1 run random value {WORLD_ID_RANGE}",
        f"scoreboard players set $seq {SEQ} 0",
        *[f"scoreboard players set {holder} {SEQ} 0" for holder in (ACKED, TOLD)],
        f"data modify storage {STORAGE} since set value 0",
    ])
    pack.function("bridge/pos", [
        f"data modify storage {STORAGE} pos append value {{}}",
        f"data modify storage {STORAGE} pos[-1].uuid set from entity @s UUID",
        f"data modify storage {STORAGE} pos[-1].at set from entity @s Pos",
    ])
    pack.function("ui/sit", [f"$scoreboard players set $(player) {TABLE} $(table)"])
    pack.function("ui/unsit", [f"$scoreboard players reset $(player) {TABLE}"])
    pack.function("ui/unsit_all", [f"$execute as @a[scores={{{TABLE}=$(table)}}] run "
                                   f"scoreboard players reset @s {TABLE}"])
    pack.function("ui/walk", [f"$tag $(player) add {WALK_TAG}"])
    pack.function("ui/walked", [f"$tag $(player) remove {WALK_TAG}"])
    pack.function("ack", [
        f"$scoreboard players set $ack {SEQ} $(seq)",
        f"execute if score $ack {SEQ} > {ACKED} {SEQ} run scoreboard players operation {ACKED} {SEQ} = $ack {SEQ}",
        "function monopoli:bridge/drop",
    ])
    # The game time, for the controller (its reply "Function monopoli:bridge/now returned N" is the pack's own,
    # whatever a plugin does to `/time`): how long an admin request has waited.
    pack.function("bridge/now", ["return run time query gametime"])
    pack.function("bridge/drop", [
        "function monopoli:bridge/shift",
        REFILL,
    ])
    # Drops the acknowledged head, and an entry beyond the counter (none the pack wrote: it would stop
    # the inbox for good); at most INBOX_PAGE calls deep, as the inbox holds no more.
    pack.function("bridge/shift", [
        f"execute unless data storage {STORAGE} inbox[0] run return 0",
        f"execute store result score $head {SEQ} run data get storage {STORAGE} inbox[0].seq",
        f"execute if score $head {SEQ} > $ack {SEQ} if score $head {SEQ} <= $seq {SEQ} run return 0",
        f"data remove storage {STORAGE} inbox[0]",
        "function monopoli:bridge/shift",
    ])


def _batch(pack: Pack) -> None:
    """The controller's write batches: run each op through its function, then acknowledge."""
    pack.function("batch", [
        f"$data modify storage {OUTBOX} ops set value $(o)",
        f"scoreboard players add {WROTE} {SEQ} 1",
        f"scoreboard players set $ops {SEQ} 0",
        "function monopoli:bridge/next",
        "$function monopoli:ack {seq:$(a)}",
        f"data remove storage {OUTBOX} ops",
        f"return run scoreboard players get $ops {SEQ}",  # the reply says it ran to the end
    ])
    pack.function("bridge/next", [
        f"execute unless data storage {OUTBOX} ops[0] run return 0",
        f"function monopoli:bridge/op with storage {OUTBOX} ops[0]",
        f"data remove storage {OUTBOX} ops[0]",
        f"scoreboard players add $ops {SEQ} 1",
        "function monopoli:bridge/next",
    ])
    pack.function("bridge/op", [f"$function monopoli:$(f) with storage {OUTBOX} ops[0]"])


def _admin(pack: Pack, dialect: Dialect, boards: list[str]) -> None:
    """Each request queues `{kind:"admin_<name>", board, target, value, time, uuid}` (`value`: the amount or
    space as the operator typed it, text, which the controller reads as `monopoli admin` does); the controller
    answers the operator who ran it (the `uuid` of `@s`) in chat; from the console there is no `@s`.
    `time` is the game time it was queued at: a request older than the controller's wait is withdrawn."""
    for name, args in ADMIN:
        for board in (None, *boards):
            fields = [f'kind:"admin_{name}"'] + ([f'board:"{board}"'] if board else [])
            if "player" in args:
                fields.append('target:"$(player)"')
            value = next((a for a in args if a != "player"), None)
            fields.append(f'value:"$({value})"' if value else "value:0")  # as typed: read as the CLI reads it
            entry = "{" + ",".join(fields) + "}"
            prefix = "$" if args else ""
            where = f" (board {board})" if board else ""
            note = dialect.arg(text(f"monopoli: queued admin {name}{where}; the controller answers here",
                                    color="gray"))
            deaf = dialect.arg(text(f"monopoli: queued admin {name}{where}, but the controller is not answering "
                                    "right now: unless it answers within seconds the request is withdrawn "
                                    "unapplied; tell the organiser", color="red"))
            pack.function(f"admin/{board}/{name}" if board else f"admin/{name}", [
                f"{prefix}data modify storage {STORAGE} next set value {entry}",
                f"execute store result storage {STORAGE} next.time int 1 run time query gametime",
                f"execute if entity @s run data modify storage {STORAGE} next.uuid set from entity @s UUID",
                "function monopoli:bridge/queue",
                "function monopoli:bridge/late",
                f"execute if entity @s unless score {LATE} {SEQ} > {QUIET} {SEQ} run tellraw @s {note}",
                f"execute if entity @s if score {LATE} {SEQ} > {QUIET} {SEQ} run tellraw @s {deaf}",
            ])


KEPT = ("The game is not answering right now. Your input is kept and counts when it is back; "
        "please tell the organiser.")


def _heartbeat(pack: Pack, dialect: Dialect) -> None:
    """When the controller was last heard, and who is told it does not answer.

    It is heard at each of its reads: the read is `execute store result score $read … run data get storage
    monopoli:bridge` (the reply is the listing all the same), and the next tick's `bridge/heard` stamps the
    game time; and at each write (`bridge/beat`, kept for a controller that still sends it). `bridge/late`
    works out the ticks since. An input (a trigger, a building's button) given when that is over QUIET
    ticks is answered at once by the pack, `bridge/kept`; one given before is noted (`monopoli.asked`),
    and while inputs wait unacknowledged every tick runs `bridge/watch`, which tells each player whose
    input waits the moment the controller has been silent QUIET ticks: nobody waits more than QUIET ticks
    (a second) for a word. A controller that stops cleanly says so (`bridge/still`): silent at once."""
    deaf = dialect.arg(text(KEPT, color="red"))
    # Each time the controller is heard, `bridge/deaf` (bars.py: the auction bars say the game is not
    # answering) is put off by QUIET ticks (a schedule replaced, so it runs only once it is silent)
    deaf_later = f"function monopoli:bridge/deaf_later with storage {DEAF_STORE}"
    pack.function("bridge/beat", [f"execute store result score {BEAT} {SEQ} run time query gametime", deaf_later])
    pack.function("bridge/heard", [f"execute store result score {BEAT} {SEQ} run time query gametime",
                                   f"scoreboard players set {READ} {SEQ} 0", deaf_later])
    pack.function("bridge/deaf_later", ["$schedule function monopoli:bridge/deaf $(after)t replace"])
    pack.function("bridge/still", [f"execute store result score {BEAT} {SEQ} run time query gametime",
                                   f"scoreboard players remove {BEAT} {SEQ} 1000000",
                                   f"scoreboard players set {READ} {SEQ} 0",
                                   "schedule clear monopoli:bridge/deaf", "function monopoli:bridge/deaf"])
    pack.function("bridge/quiet", [f"$scoreboard players set {QUIET} {SEQ} $(ticks)",
                                   f"$data modify storage {DEAF_STORE} after set value $(after)"])
    # how far the controller's database has applied, into the world's mark (docs/night.md): only while the
    # mark is that controller's, so one taken over writes nothing into its successor's mark
    pack.function("bridge/applied", [
        f'$execute if data storage {STORAGE} night{{token:"$(t)"}} run data modify storage {STORAGE} night '
        "merge value {applied:$(n),moves:$(m),at:$(at)}"])
    pack.function("bridge/late", [
        f"execute store result score {LATE} {SEQ} run time query gametime",
        f"scoreboard players operation {LATE} {SEQ} -= {BEAT} {SEQ}",
    ])
    pack.function("bridge/kept", [
        "function monopoli:bridge/late",
        f"execute if score {LATE} {SEQ} > {QUIET} {SEQ} run return run tellraw @s {deaf}",
        f"scoreboard players operation @s {ASKED} = $seq {SEQ}",
    ])
    pack.function("bridge/watch", [
        "function monopoli:bridge/late",
        f"execute unless score {LATE} {SEQ} > {QUIET} {SEQ} run return 0",
        f"scoreboard players operation {TOLD} {SEQ} = $seq {SEQ}",
        f"execute as @a[scores={{{ASKED}=1..}}] if score @s {ASKED} > {ACKED} {SEQ} run tellraw @s {deaf}",
        f"scoreboard players reset * {ASKED}",
    ])
