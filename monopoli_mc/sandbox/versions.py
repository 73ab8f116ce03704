"""Minecraft versions the sandbox can pretend to be: pack formats and dialect switches."""

from __future__ import annotations

from monopoli_mc.errors import SandboxError
from monopoli_mc.vanilla.releases import RELEASES, number

PACK_FORMATS = {name: release.pack_format[0] for name, release in RELEASES.items()}
key = number  # a version as a comparable tuple


def pack_format(version: str) -> int:
    """The data pack format of a version."""
    if version not in PACK_FORMATS:
        raise SandboxError(f"unsupported minecraft version {version!r}; known: {', '.join(PACK_FORMATS)}")
    return PACK_FORMATS[version]


def singular_folders(version: str) -> bool:
    """From 1.21 the pack folders are `function/`, `structure/`."""
    return key(version) >= (1, 21)


def json_text(version: str) -> bool:
    """Before 1.21.5 text components in commands are JSON."""
    return key(version) < (1, 21, 5)


def snake_gamerules(version: str) -> bool:
    """From 1.21.11 game rules are snake_case."""
    return key(version) >= (1, 21, 11)


def folds_lists(version: str) -> bool:
    """Whether `data get` prints a list of more than 128 elements as its first 128 and `<...>`.

    Read in TextComponentTagVisitor.visitList: 1.21 to 1.21.4 (client1.21 ... client1.21.4 of
    extremeheat/extracted_minecraft_data) print `var3 < 128` elements, then FOLDED; 1.20.5 and
    1.20.6 (client1.20.5, client1.20.6) print every element. From 1.21.5 `visitList` prints a
    list of 8 or more elements on one line, whole (`shouldWrapListElements` is false from 8
    elements on; read in the 1.21.7 and 1.21.11 decompiled sources; 1.21.5 and 1.21.6, whose
    lists became heterogeneous and lost the element type the old test used, are taken to do
    the same and are not read directly).
    """
    return (1, 21) <= key(version) < (1, 21, 5)


def folds_arrays(version: str) -> bool:
    """Whether `data get` prints a byte, int or long array over 128 elements as 128 and `<...>`.

    TextComponentTagVisitor.visitByteArray/visitIntArray/visitLongArray: `var3 < 128`, then
    FOLDED, from 1.21 (client1.21) through 1.21.11; 1.20.5/1.20.6 print whole arrays.
    """
    return key(version) >= (1, 21)


def escapes_controls(version: str) -> bool:
    """Whether a quoted SNBT string escapes its control characters (ledger row S9): from 1.21.5.

    1.20.5-1.21.4 `StringTag.quoteAndEscape` escapes only `\\` and the quote, so a newline is
    printed raw; 1.21.11 `NbtString.escape` (SnbtParsing.escapeSpecialChar) writes `\\n` and
    `\\x01`. 1.21.5 brought the SNBT grammar the escapes belong to; 1.21.5-1.21.10 unconfirmed.
    """
    return key(version) >= (1, 21, 5)


def strict_plain_keys(version: str) -> bool:
    """Whether Tag.toString quotes a key that does not start with a letter, `.` or `_`, and the
    keys true/false (ledger row M2): read in 1.21.11 `StringNbtWriter`; 1.20.5-1.21.4
    `StringTagVisitor` leaves any `[A-Za-z0-9._+-]+` key bare. Taken to change with 1.21.5's
    SNBT grammar, as S9 did (1.21.5-1.21.10 unconfirmed).
    """
    return key(version) >= (1, 21, 5)


def loads_data_on_unchanged_block(version: str) -> bool:
    """Whether setblock/fill load block entity data on a block whose state did not change (ledger B1).

    1.20.5-1.21.4 `BlockInput.place` loads it only after `level.setBlock` changed the state (read in
    client1.20.5 and client1.21.4); 1.21.11 `BlockStateArgument.setBlockState` loads it anyway and
    counts a changed block entity as a change. 1.21.5-1.21.10 are taken as 1.21.11 (unconfirmed).
    """
    return key(version) >= (1, 21, 5)


def pause_when_empty_seconds(version: str) -> int:
    """server.properties' default pause-when-empty-seconds: 60 from 1.21.2, none before (ledger F5).

    1.21.2 DedicatedServerProperties: `get("pause-when-empty-seconds", 60)`; 1.21.1's
    MinecraftServer.tickServer has no pause at all.
    """
    return 60 if key(version) >= (1, 21, 2) else 0


def mecha_version(version: str) -> str:
    """The grammar mecha should use."""
    return "1.21" if key(version) >= (1, 21) else "1.20"


BOOL_RULES_TRUE = [
    "announceAdvancements", "blockExplosionDropDecay", "commandBlockOutput", "doDaylightCycle",
    "doEntityDrops", "doFireTick", "doInsomnia", "doImmediateRespawn:false", "doLimitedCrafting:false",
    "doMobLoot", "doMobSpawning", "doPatrolSpawning", "doTileDrops", "doTraderSpawning",
    "doVinesSpread", "doWardenSpawning", "doWeatherCycle", "drowningDamage", "fallDamage",
    "fireDamage", "forgiveDeadPlayers", "freezeDamage", "keepInventory:false", "logAdminCommands",
    "mobExplosionDropDecay", "mobGriefing", "naturalRegeneration", "reducedDebugInfo:false",
    "sendCommandFeedback", "showDeathMessages", "spectatorsGenerateChunks",
    "tntExplosionDropDecay:false", "universalAnger:false", "disableRaids:false",
    "disableElytraMovementCheck:false", "enderPearlsVanishOnDeath", "projectilesCanBreakBlocks",
    "globalSoundEvents", "waterSourceConversion", "lavaSourceConversion:false",
]
INT_RULES = {"maxCommandChainLength": 65536, "maxCommandForkCount": 65536,
             "maxEntityCramming": 24, "randomTickSpeed": 3, "spawnRadius": 10,
             "playersSleepingPercentage": 100, "commandModificationBlockLimit": 32768,
             "functionCommandDepth": 0}


SNAKE_INTS = {"fire_spread_radius_around_player": 128, "max_block_modifications": 32768,
              "max_command_forks": 65536, "max_command_sequence_length": 65536,
              "max_entity_cramming": 24, "max_minecart_speed": 8,
              "max_snow_accumulation_height": 1, "players_nether_portal_creative_delay": 0,
              "players_nether_portal_default_delay": 80, "players_sleeping_percentage": 100,
              "random_tick_speed": 3, "respawn_radius": 10}
SNAKE_FALSE = ["immediate_respawn", "keep_inventory", "limited_crafting", "reduced_debug_info",
               "tnt_explosion_drop_decay", "universal_anger", "lava_source_conversion"]
SNAKE_TRUE = [
    "advance_time", "advance_weather", "allow_entering_nether_using_portals", "block_drops",
    "block_explosion_drop_decay", "command_block_output", "command_blocks_work",
    "drowning_damage", "elytra_movement_check", "ender_pearls_vanish_on_death", "entity_drops",
    "fall_damage", "fire_damage", "forgive_dead_players", "freeze_damage", "global_sound_events",
    "locator_bar", "log_admin_commands", "mob_drops", "mob_explosion_drop_decay", "mob_griefing",
    "natural_health_regeneration", "player_movement_check", "projectiles_can_break_blocks", "pvp",
    "raids", "send_command_feedback", "show_advancement_messages", "show_death_messages",
    "spawn_mobs", "spawn_monsters", "spawn_patrols", "spawn_phantoms", "spawn_wandering_traders",
    "spawn_wardens", "spawner_blocks_work", "spectators_generate_chunks", "spread_vines",
    "tnt_explodes", "water_source_conversion"]


def default_gamerules(version: str) -> dict[str, str]:
    """Game rule names and defaults for a version (1.21.11: all of them; older: a subset)."""
    if snake_gamerules(version):
        rules = {k: "true" for k in SNAKE_TRUE}
        rules.update({k: "false" for k in SNAKE_FALSE})
        rules.update({k: str(v) for k, v in SNAKE_INTS.items()})
        return rules
    rules = {}
    for entry in BOOL_RULES_TRUE:
        name, _, default = entry.partition(":")
        rules[name] = default or "true"
    rules.update({k: str(v) for k, v in INT_RULES.items() if k != "functionCommandDepth"})
    return rules
