"""doctor's spawn-protection check: the world spawn read over RCON, each board's buttons measured from it.

Vanilla refuses a press by a player who is not an operator on a block whose x and z both lie
within `spawn-protection` blocks of the world spawn, once the server has any operator (ledger
row T4). RCON cannot read `spawn-protection` (server.properties) or the operator list, so the
check assumes vanilla's default radius, 16, unless doctor is told otherwise (--spawn-protection),
and says so. The spawn itself is read: an RCON command runs at the spawn's lower corner in the
overworld (`RconConsoleSource.createCommandSourceStack`), and `forceload query ~ ~` names the
chunk it stands in, read-only; stepping east (south) until the chunk changes finds x (z).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from monopoli_mc.datapack.layout import BUTTON_KINDS, Layout
from monopoli_mc.datapack.world_config import WorldConfig

SPAWN_PROTECTION = 16  # server.properties' default
_CHUNK = re.compile(r"Chunk at \[(-?\d+), (-?\d+)\]")


def world_spawn(ask: Callable[[str], str]) -> tuple[int, int] | None:
    """The world spawn's x and z, or None when the server's replies do not say (about 9 requests)."""
    def chunk(dx: int, dz: int) -> tuple[int, int] | None:
        found = _CHUNK.search(ask(f"execute positioned ~{dx} ~ ~{dz} run forceload query ~ ~"))
        return (int(found[1]), int(found[2])) if found else None

    home = chunk(0, 0)
    if home is None:
        return None
    spawn = []
    for axis in (0, 1):
        low, high = 1, 16  # the least step east (south) that leaves the chunk: 16 less the spawn's offset in it
        while low < high:
            mid = (low + high) // 2
            there = chunk(mid, 0) if axis == 0 else chunk(0, mid)
            if there is None:
                return None
            if there[axis] != home[axis]:
                high = mid
            else:
                low = mid + 1
        spawn.append(16 * (home[axis] + 1) - low)
    return spawn[0], spawn[1]


def spawn_checks(ask: Callable[[str], str], world: WorldConfig, given: int | None,
                 config: str) -> list[tuple[bool, str]]:
    """(ok, what) for each board: whether any of its buttons lies inside spawn protection (`given`: the
    radius --spawn-protection says, None for vanilla's default, assumed)."""
    radius = SPAWN_PROTECTION if given is None else given
    assumed = (f"spawn-protection {radius}, server.properties' default: RCON cannot read it; if yours is 0, "
               "run doctor with --spawn-protection 0" if given is None else
               f"spawn-protection {radius}, as --spawn-protection says")
    if radius <= 0:
        return [(True, f"spawn protection is off ({assumed}): every player can press the buttons")]
    spawn = world_spawn(ask)
    if spawn is None:
        return [(True, "the world spawn could not be read over RCON (`forceload query` did not answer as "
                       f"vanilla does): check by hand that no board's buttons are within {radius} blocks of it")]
    sx, sz = spawn
    out = []
    for place in world.boards:
        layout = Layout(place)
        inside = [kind for kind in BUTTON_KINDS
                  if max(abs(layout.world(layout.buttons()[kind])[0] - sx),
                         abs(layout.world(layout.buttons()[kind])[2] - sz)) <= radius]
        if not inside:
            out.append((True, f"board {place.name!r}'s buttons are outside spawn protection (world spawn x {sx} "
                              f"z {sz}; {assumed})"))
            continue
        many = len(inside) > 1
        out.append((False, f"board {place.name!r}: its {', '.join(inside)} button{'s' * many} "
                           f"{'are' if many else 'is'} within {radius} blocks of the world spawn "
                           f"(x {sx} z {sz}; {assumed}): while the server has any operator, players who are not "
                           f"operators press {'them' if many else 'it'} and nothing happens. Set spawn-protection=0 "
                           f"in server.properties and restart the server, or move the board (its origin in {config}) "
                           f"so its buttons are more than {radius} blocks from the spawn in x or z"))
    return out
