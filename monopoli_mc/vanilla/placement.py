"""Where `place template` puts a template's blocks, and in which state, as the server does.

PlaceCommand.placeTemplate builds `StructurePlaceSettings().setMirror(m).setRotation(r)`, whose
rotation pivot stays at 0, 0, 0, and calls `StructureTemplate.placeInWorld(level, pos, pos, ...)`:
each block goes to `transform(relative pos, mirror, rotation, pivot) + pos` (mirror first, then
the rotation about the pivot) in the state `state.mirror(m).rotate(r)`, and its block entity data
goes with it. How a state turns is each block class's own `rotate`/`mirror`; this module follows
the classes below and refuses (`Unturnable`) any orientation it does not know, so nothing is ever
placed turned the wrong way without a word:

- `facing` (HorizontalDirectionalBlock, DirectionalBlock, buttons, chests, wall signs, beds ...):
  `Rotation.rotate(facing)`; mirror `state.rotate(mirror.getRotation(facing))`. A chest's `type`
  stays as it is, as vanilla leaves it (MC-134110).
- `rotation` 0-15 (standing signs, banners, skulls, hanging signs): `Rotation.rotate(r, 16)`,
  `Mirror.mirror(r, 16)`.
- `axis` (RotatedPillarBlock, the nether portal): x and z swap on a quarter turn.
- `north`/`east`/`south`/`west` of fences, bars, panes, walls, redstone wire, tripwire, vines,
  glow lichen, mushroom blocks (CrossCollisionBlock and the others that copy its `rotate`): the
  value of each side moves to the side it turns to.
- stairs' `shape` (StairBlock.mirror, with vanilla's asymmetry: a front_back mirror keeps an
  inner corner's hand) and doors' `hinge` (DoorBlock.mirror flips it).
"""

from __future__ import annotations

from collections.abc import Mapping

BlockPos = tuple[int, int, int]

ROTATIONS = ("none", "clockwise_90", "180", "counterclockwise_90")
"""TemplateRotationArgument's names; the index is the number of clockwise quarter turns."""
MIRRORS = ("none", "front_back", "left_right")
"""TemplateMirrorArgument's names: front_back negates x, left_right negates z."""
HORIZONTAL = ("north", "east", "south", "west")
"""Direction.getClockWise order."""
_SIDES = frozenset(HORIZONTAL)
_SIDED = ("_fence", "_bars", "_pane", "_wall", "_mushroom_block")
_SIDED_NAMES = frozenset({"minecraft:glass_pane", "minecraft:redstone_wire", "minecraft:tripwire",
                          "minecraft:vine", "minecraft:glow_lichen", "minecraft:mushroom_stem"})
_TURNING = frozenset({"facing", "rotation", "axis", "shape", "hinge"}) | _SIDES
_UNKNOWN = frozenset({"orientation", "side_chain"})
"""Orientations this module does not model (jigsaws and crafters, shelves)."""


class Unturnable(ValueError):
    """A block state whose rotation or mirror image this module does not know."""

    def __init__(self, name: str, detail: str) -> None:
        super().__init__(f"the sandbox cannot turn {name}: {detail}")
        self.name = name
        self.detail = detail


def quarters(rotation: str) -> int:
    """Clockwise quarter turns of a rotation name."""
    return ROTATIONS.index(rotation)


def transform(pos: BlockPos, mirror: str, rotation: str, pivot: BlockPos = (0, 0, 0)) -> BlockPos:
    """StructureTemplate.transform: mirror the relative position, then turn it about the pivot."""
    x, y, z = pos
    if mirror == "left_right":
        z = -z
    elif mirror == "front_back":
        x = -x
    px, _, pz = pivot
    turn = quarters(rotation)
    if turn == 1:
        return px + pz - z, y, pz - px + x
    if turn == 2:
        return px + px - x, y, pz + pz - z
    if turn == 3:
        return px - pz + z, y, px + pz - x
    return x, y, z


def rotate_direction(direction: str, rotation: str) -> str:
    """Rotation.rotate(Direction): up and down stay."""
    if direction not in _SIDES:
        return direction
    return HORIZONTAL[(HORIZONTAL.index(direction) + quarters(rotation)) % 4]


def mirror_rotation(direction: str, mirror: str) -> str:
    """Mirror.getRotation(Direction): a half turn for a direction across the mirror, else none."""
    across = {"front_back": ("east", "west"), "left_right": ("north", "south")}.get(mirror, ())
    return "180" if direction in across else "none"


def rotate16(value: int, rotation: str) -> int:
    """Rotation.rotate(int, 16): a standing sign's or banner's rotation after the turn."""
    return (value + 4 * quarters(rotation)) % 16


def mirror16(value: int, mirror: str) -> int:
    """Mirror.mirror(int, 16)."""
    signed = value - 16 if value > 8 else value
    if mirror == "left_right":
        return (8 - signed + 16) % 16
    if mirror == "front_back":
        return (16 - signed) % 16
    return value


def place_state(name: str, props: Mapping[str, str], mirror: str, rotation: str,
                block_properties: Mapping[str, object]) -> dict[str, str]:
    """`state.mirror(mirror).rotate(rotation)`, as placeInWorld turns every block; Unturnable if unknown.

    `block_properties` are the block's properties in Mojang's registry. `props` must give each
    of them that turns (a structure file the server wrote gives every property): a property left
    to its default would turn from a default this module does not know.
    """
    state = dict(props)
    if mirror == "none" and rotation == "none":
        return state
    _check(name, state, block_properties)
    return _rotate(name, _mirror(name, state, mirror), rotation)


def _check(name: str, state: dict[str, str], block_properties: Mapping[str, object]) -> None:
    unknown = sorted(k for k in block_properties if k in _UNKNOWN)
    if unknown:
        raise Unturnable(name, f"its {unknown[0]} is not modelled")
    if "shape" in block_properties and not name.endswith("_stairs"):
        raise Unturnable(name, "only stairs' shape is modelled (not rails')")
    if _SIDES & block_properties.keys() and not _is_sided(name):
        raise Unturnable(name, "its north, east, south and west are not modelled for this block")
    if "hinge" in block_properties and not name.endswith("_door"):
        raise Unturnable(name, "only doors' hinge is modelled")
    missing = sorted(k for k in block_properties if k in _TURNING and k not in state)
    if missing:
        raise Unturnable(name, f"the state does not give its {missing[0]}, and the sandbox does "
                               f"not know the default")


def _is_sided(name: str) -> bool:
    if name in _SIDED_NAMES:
        return True
    return name.endswith(_SIDED) and not name.endswith(("_fence_gate", "_wall_sign", "_wall_banner",
                                                         "_wall_head", "_wall_skull", "_wall_torch",
                                                         "_wall_fan", "_wall_hanging_sign"))


def _rotate(name: str, state: dict[str, str], rotation: str) -> dict[str, str]:
    """BlockState.rotate."""
    turn = quarters(rotation)
    if turn == 0:
        return state
    out = dict(state)
    if "facing" in out:
        out["facing"] = rotate_direction(out["facing"], rotation)
    if "rotation" in out:
        out["rotation"] = str(rotate16(int(out["rotation"]), rotation))
    if "axis" in out and turn % 2 == 1 and out["axis"] in ("x", "z"):
        out["axis"] = "z" if out["axis"] == "x" else "x"
    for side in _SIDES & state.keys():
        out[rotate_direction(side, rotation)] = state[side]
    return out


_STAIR_MIRROR = {"left_right": {"inner_left": "inner_right", "inner_right": "inner_left",
                                "outer_left": "outer_right", "outer_right": "outer_left"},
                 "front_back": {"outer_left": "outer_right", "outer_right": "outer_left"}}
"""StairBlock.mirror's new shape, for stairs whose facing lies across the mirror."""


def _mirror(name: str, state: dict[str, str], mirror: str) -> dict[str, str]:
    """BlockState.mirror."""
    if mirror == "none":
        return state
    if "facing" in state:
        facing = state["facing"]
        turned = _rotate(name, state, mirror_rotation(facing, mirror))
        if name.endswith("_stairs"):
            if mirror_rotation(facing, mirror) == "none":
                return state  # StairBlock.mirror leaves stairs along the mirror as they are
            turned["shape"] = _STAIR_MIRROR[mirror].get(state["shape"], state["shape"])
        if name.endswith("_door"):
            turned["hinge"] = "right" if state["hinge"] == "left" else "left"
        return turned
    out = dict(state)
    if "rotation" in out:
        out["rotation"] = str(mirror16(int(out["rotation"]), mirror))
    across = ("east", "west") if mirror == "front_back" else ("north", "south")
    if set(across) <= state.keys():
        out[across[0]], out[across[1]] = state[across[1]], state[across[0]]
    return out


__all__ = ["HORIZONTAL", "MIRRORS", "ROTATIONS", "Unturnable", "mirror16", "mirror_rotation",
           "place_state", "quarters", "rotate16", "rotate_direction", "transform"]
