"""The buildings' buttons: a press is credited to the player who pressed it.

Each kind of button (naughty, nice, crate, jar) has an advancement with the
`minecraft:default_block_use` trigger, which vanilla fires for the player whose use of a
block ran its default action (a button press, also on a button already down), with a
location predicate on that button of every board. Its reward function runs as that
player: it revokes the advancement (so the next press fires again) and queues the event.
Every supported version (1.20.5 and later) has the trigger, so nothing runs for the
nearest player any more, and no command block stands behind a button.
"""

from __future__ import annotations

from monopoli_mc.datapack.channel import STORAGE
from monopoli_mc.datapack.layout import BUTTON_BLOCKS, BUTTON_KINDS, Layout
from monopoli_mc.datapack.pack import Pack

TRIGGER = "minecraft:default_block_use"
DIMENSION = "minecraft:overworld"  # `place template` over RCON places in the console's world


def advancement_id(kind: str) -> str:
    """The advancement a press of this kind of button grants (and its reward revokes)."""
    return f"monopoli:press/{kind}"


def add_buttons(pack: Pack, layouts: list[Layout]) -> None:
    """The advancements, their reward functions and `press/reset` for every board's buttons."""
    for kind in BUTTON_KINDS:
        pack.advancements[advancement_id(kind)] = _advancement(kind, layouts)
        pack.function(f"press/{kind}", [
            f"advancement revoke @s only {advancement_id(kind)}",
            f'data modify storage {STORAGE} next set value {{kind:"{kind}",value:0,button:1b}}',
            f"data modify storage {STORAGE} next.uuid set from entity @s UUID",
            "function monopoli:bridge/queue",
            "function monopoli:bridge/kept",  # a press is answered as a /trigger is, when nobody answers
        ])
    # A player who kept one (a reward that did not run: an old pack, a crash) could never press
    # again; every (re)join and every load takes them away.
    pack.function("press/reset", [f"advancement revoke @s only {advancement_id(kind)}"
                                  for kind in BUTTON_KINDS])


def _advancement(kind: str, layouts: list[Layout]) -> dict[str, object]:
    """No display (no toast, no chat line); one criterion per board, any one grants it."""
    criteria = {layout.place.name: {"trigger": TRIGGER, "conditions": {"location": [
        _location_check(layout, kind)]}} for layout in layouts}
    return {"criteria": criteria, "requirements": [list(criteria)],
            "rewards": {"function": f"monopoli:press/{kind}"}}


def _location_check(layout: Layout, kind: str) -> dict[str, object]:
    """The button's block: the trigger's origin is the block's centre, so a [x, x+1] range."""
    x, y, z = layout.world(layout.buttons()[kind])
    position = {axis: {"min": v, "max": v + 1} for axis, v in zip("xyz", (x, y, z))}
    return {"condition": "minecraft:location_check",
            "predicate": {"position": position, "dimension": DIMENSION,
                          "block": {"blocks": BUTTON_BLOCKS[kind]}}}
