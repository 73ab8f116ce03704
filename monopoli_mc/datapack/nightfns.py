"""The night in the pack: each player's night rank (a score the action bar shows, as its own words), the standings book that
`/trigger standings` asks for, and the crowning's fireworks.

The book's pages are made by the controller (the standings change all night) and passed whole as one
macro argument, a string holding the pages' NBT list: vanilla pastes a string argument as it is
(`MacroFunction`'s substitution of a `StringTag`), so the pages reach `give` as the NBT the dialect wrote.
A book's title is at most 32 characters (`WrittenBookContent.TITLE_MAX_LENGTH`).
"""

from __future__ import annotations

from monopoli_mc.datapack.escape import player_name, snbt_string
from monopoli_mc.datapack.pack import Pack
from monopoli_mc.datapack.text import Component, Dialect, text, tpl

RANK = "monopoli.rank"  # a player's place in the night's standings (reset: no game of theirs has ended)
BOOK_TITLE = "The night's standings"
BOOK_AUTHOR = "Monopoli MC"
NIGHT_BOOK = '{book:"night"}'
_ITEM = "minecraft:written_book[minecraft:custom_data={monopoli:" + NIGHT_BOOK + "}]"


def add_night(pack: Pack, dialect: Dialect) -> None:
    """`ui/rank`, `ui/no_rank`, `ui/night_book` and the rank's objective, made at load."""
    pack.function("night/load", [f"scoreboard objectives add {RANK} dummy"])
    pack.function_tags.setdefault("minecraft:load", []).append("monopoli:night/load")
    # the rank's words are the score's own number format, so the action bar's one score part shows them
    # (ScoreContents: the score's format first; ledger N5), and a player with no score shows nothing
    words = dialect.arg(text(tpl("   Night #$(rank)")))
    # a rank that changes is words of the line that change: the player's line is written again at once
    # (hud.py: `hud/me`, no pass over the players, and none while a message holds the bar)
    again = "$execute as $(player) run function monopoli:hud/me"
    pack.function("ui/rank", [f"$scoreboard players set $(player) {RANK} $(rank)",
                              f"$scoreboard players display numberformat $(player) {RANK} fixed {words}", again])
    pack.function("ui/no_rank", [f"$scoreboard players reset $(player) {RANK}", again])
    content = (f"{{title:{snbt_string(BOOK_TITLE, modern=dialect.modern)},"
               f"author:{snbt_string(BOOK_AUTHOR, modern=dialect.modern)},pages:$(pages)}}")
    pack.function("ui/night_book", [
        f"$clear $(player) {_ITEM}",  # the last one given: one book, the latest standings
        f"$give $(player) minecraft:written_book[minecraft:written_book_content={content},"
        f"minecraft:custom_data={{monopoli:{NIGHT_BOOK}}}]",
    ])
    add_fireworks(pack, dialect)



# -- the crowning's fireworks ------------------------------------------------------------------------
FIREWORK_LIFE = 20  # ticks before the rocket bursts: about 9 blocks up from where it is summoned
# DyeColor's firework colours (`DyeColor.getFireworkColor`): a rocket of a banner's dye bursts in these
FIREWORK_COLORS = {"white": 0xF0F0F0, "orange": 0xEB8844, "magenta": 0xC354CD, "light_blue": 0x6689D3,
                   "yellow": 0xDECF2A, "lime": 0x41CD34, "pink": 0xD88198, "gray": 0x434343,
                   "light_gray": 0xABABAB, "cyan": 0x287697, "purple": 0x7B2FBE, "blue": 0x253192,
                   "brown": 0x51301A, "green": 0x3B511A, "red": 0xB3312C, "black": 0x1E1B1B}


def firework_entity() -> str:
    """The rocket's entity data: `FireworksItem` is an item stack in the 1.20.5+ form (`id`, `count`,
    `components`; read by `FireworkRocketEntity.readAdditionalSaveData` with `ItemStack` parsing), its
    `minecraft:fireworks` component (`Fireworks`: `flight_duration`, `explosions` of `FireworkExplosion`:
    `shape`, `colors`, `fade_colors`, `has_trail`, `has_twinkle`). The same on every supported release;
    from 1.21.5 SNBT also reads `true`, which every earlier release reads as 1b too, so 1b is written: one form
    for 1.20.5-1.21.11 (docs/vanilla-behaviour.md, row N1; before 1.20.5 the item was `{id, Count, tag}`)."""
    burst = ('{shape:"large_ball",colors:[I;$(rgb)],fade_colors:[I;$(fade_rgb)],has_trail:1b,has_twinkle:1b}')
    return (f"{{LifeTime:{FIREWORK_LIFE},FireworksItem:{{id:\"minecraft:firework_rocket\",count:1,"
            f"components:{{\"minecraft:fireworks\":{{flight_duration:1b,explosions:[{burst}]}}}}}}}}")


def add_fireworks(pack: Pack, dialect: Dialect) -> None:
    """`ui/firework {x,y,z,rgb,fade_rgb}`: one rocket at a place, bursting in a colour."""
    del dialect  # the same data on every supported release (firework_entity)
    pack.function("ui/firework", [f"$summon minecraft:firework_rocket $(x) $(y) $(z) {firework_entity()}"])


# -- the controller's calls ----------------------------------------------------------------------------
def rank_call(player: str, rank: int | None) -> str:
    """A player's night rank on their action bar (None: none yet, the line shows no rank)."""
    name = snbt_string(player_name(player), modern=False)
    if rank is None:
        return f"function monopoli:ui/no_rank {{player:{name}}}"
    return f"function monopoli:ui/rank {{player:{name},rank:{int(rank)}}}"


def book_call(player: str, pages: list[Component], dialect: Dialect) -> str:
    """Give a player the standings book (the one they had goes): its pages as one string argument."""
    name = snbt_string(player_name(player), modern=False)
    nbt = "[" + ",".join(dialect.nbt(page) for page in pages) + "]"
    return f"function monopoli:ui/night_book {{player:{name},pages:{snbt_string(nbt, modern=False)}}}"


def firework_call(x: int, y: int, z: int, color: str) -> str:
    """A rocket over (x, y, z) bursting in a banner colour, fading to white."""
    return (f"function monopoli:ui/firework {{x:{int(x)},y:{int(y)},z:{int(z)},"
            f"rgb:{FIREWORK_COLORS[color]},fade_rgb:{FIREWORK_COLORS['white']}}}")
