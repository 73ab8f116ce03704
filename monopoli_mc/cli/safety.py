"""doctor's checks that no mob harms a player on the board and no death scatters a player's books.

On a real 1.21.4 server at vanilla's default difficulty (easy) slimes spawned in the slime chunks under
the superflat board at y -60 (`Slime.checkSlimeSpawnRules`: any light below y 40) and one game had 26
deaths; each dropped the player's books and sent them to the world spawn (issue 33). Peaceful spawns no
hostile mob and removes those about (`Mob.checkDespawn`); keep-inventory keeps every book through any
death (ledger H1-H5). The pack sets both on load; these checks read them back over RCON.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from monopoli_mc.datapack.channel import DIFFICULTY
from monopoli_mc.datapack.world_config import WorldConfig

_DIFFICULTY = re.compile(r"The difficulty is (\w+)")  # commands.difficulty.query, the options.difficulty.* name
_RULE = re.compile(r"Gamerule (\S+) is currently set to: (\S+)")  # commands.gamerule.query
WHY = "slimes and other hostile mobs spawn on the board and kill players"
RELOAD = "the pack sets it on load: /reload, or"


def safety_checks(ask: Callable[[str], str], world: WorldConfig) -> list[tuple[bool, str]]:
    """(ok, what) for the difficulty and the keep-inventory game rule of the server."""
    out: list[tuple[bool, str]] = []
    reply = ask("difficulty")
    found = _DIFFICULTY.search(reply)
    if found is None:
        out.append((False, f"the server's difficulty could not be read (`difficulty` answered {reply[:80]!r}): "
                           f"run /difficulty {DIFFICULTY} in its console, and set difficulty={DIFFICULTY} in "
                           "server.properties"))
    elif found[1].lower() == DIFFICULTY:
        out.append((True, f"the difficulty is {found[1]}: no hostile mob spawns, none is about"))
    else:
        out.append((False, f"the difficulty is {found[1]}: {WHY} (a death sends them to the world spawn): "
                           f"{RELOAD} run /difficulty {DIFFICULTY}; and set difficulty={DIFFICULTY} in "
                           "server.properties, which the server applies at every start"))
    rule = "keep_inventory" if world.version.has_snake_case_gamerules else "keepInventory"
    reply = ask(f"gamerule {rule}")
    found = _RULE.search(reply)
    if found is not None and found[2] == "true":
        out.append((True, f"{rule} is true: a player who dies keeps every book"))
    else:
        now = f"is {found[2]}" if found is not None else f"could not be read ({reply[:80]!r})"
        out.append((False, f"{rule} {now}: a player who dies drops every book they hold on the floor: "
                           f"{RELOAD} run /gamerule {rule} true"))
    return out
