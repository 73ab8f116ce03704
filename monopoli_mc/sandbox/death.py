"""A player's death and respawn, as vanilla's server does them (ledger rows H4-H7).

`die` is `ServerPlayer.die`: the death message, the inventory dropped as item entities unless the
keep-inventory game rule is on (`Player.dropEquipment` → `Inventory.dropAll`), every deathCount
objective counted up, and the player left on the death screen: not alive, so `@e` no longer matches
them (`@a` still does). `respawn` is the client's Respawn button answered by `PlayerList.respawn`: a new
player at the world spawn (no bed or anchor in the sandbox), its tags copied, its inventory the old
one's only under keep-inventory. With the immediate-respawn game rule the client respawns at once.
The sandbox spawns no mobs: `kill` and `die` (a test's stand-in for a slime) are the ways to die.
"""

from __future__ import annotations

from monopoli_mc.sandbox.entities import ItemEntity
from monopoli_mc.sandbox.model import Player
from monopoli_mc.sandbox.source import Level

DEATH_COUNT = "deathCount"
# (1.21.11 name, older name): GameRules.RULE_KEEPINVENTORY, RULE_SHOWDEATHMESSAGES, RULE_DO_IMMEDIATE_RESPAWN
KEEP_INVENTORY = ("keep_inventory", "keepInventory")
SHOW_DEATH_MESSAGES = ("show_death_messages", "showDeathMessages")
IMMEDIATE_RESPAWN = ("immediate_respawn", "doImmediateRespawn")
KILLED = "{} was killed"  # death.attack.genericKill: `kill` hurts with damageSources().genericKill()
EYE_HEIGHT = 1.62  # a standing player's eye height (Player's STANDING dimensions)


def rule(world: Level, names: tuple[str, str]) -> bool:
    """A boolean game rule under the name this release gives it."""
    rules = world.gamerules
    return rules.get(names[0], rules.get(names[1], "false")) == "true"


def die(world: Level, player: Player, message: str = KILLED) -> None:
    """ServerPlayer.die: say it, drop the inventory (unless kept), count the death; then the death screen."""
    if player.dead:
        return  # LivingEntity.hurt: a dead entity takes no more damage
    if rule(world, SHOW_DEATH_MESSAGES):
        world.broadcast(message.format(player.name))
    if not rule(world, KEEP_INVENTORY):
        _drop_all(world, player)
    for objective in world.scoreboard.objectives.values():
        if objective.criteria == DEATH_COUNT:  # forAllObjectives(DEATH_COUNT, this, ScoreAccess::increment)
            world.scoreboard.score(player.name, objective).value += 1
    player.dead = True
    if rule(world, IMMEDIATE_RESPAWN):
        respawn(world, player)


def respawn(world: Level, player: Player) -> bool:
    """PlayerList.respawn at the world spawn; False when the player is not dead (nothing to do)."""
    if not player.dead:
        return False
    if not rule(world, KEEP_INVENTORY):
        player.inventory.clear()  # the new player starts empty: what was given while dead is lost with the old one
    x, y, z = world.spawn
    player.pos = (float(x), float(y), float(z))
    player.dead = False
    return True


def _drop_all(world: Level, player: Player) -> None:
    """Inventory.dropAll: each stack as an item entity at the eyes less 0.3, pickup delay 40 ticks."""
    x, y, z = player.pos
    for slot in sorted(player.inventory):
        stack = player.inventory.pop(slot)
        world.add_entity(ItemEntity.dropped(stack, (x, y + EYE_HEIGHT - 0.30000001192092896, z)))
