"""Board geometry: where a board stands (`BoardPlace`, from the world config), and where each tile, sign, banner
spot, house spot and button is.

The structure is drawn in local coordinates: x and z from 0 to 11 tiles, y 0 the
floor. GO is the corner at high x and high z, and players leave GO towards -x
(west), so an unrotated board "faces west". Placing it with another facing
rotates it about the origin exactly as vanilla's `place template` does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

ROTATIONS = {"west": "none", "north": "clockwise_90", "east": "180",
             "south": "counterclockwise_90"}
_QUARTERS = {"none": 0, "clockwise_90": 1, "180": 2, "counterclockwise_90": 3}
# Standing-sign/banner rotation (0 = facing south) that faces the board's middle, per side.
_INWARD = (8, 12, 0, 4)
CORNERS = {0: "go", 10: "jail", 20: "free_parking", 30: "go_to_jail"}
BUTTON_KINDS = ("naughty", "nice", "crate", "jar")
BUTTON_BLOCKS = {"naughty": "minecraft:polished_blackstone_button",
                 "nice": "minecraft:polished_blackstone_button",
                 "crate": "minecraft:polished_blackstone_button", "jar": "minecraft:stone_button"}

Pos = tuple[int, int, int]


@dataclass(frozen=True)
class BoardPlace:
    """Where one board stands in the world: one game is played per board."""

    name: str
    origin: tuple[int, int, int]
    facing: str  # the direction a player walks when leaving GO
    tile_size: int
    height: int

    @property
    def width(self) -> int:
        """Blocks along each side of the 11 by 11 tile ring."""
        return 11 * self.tile_size


@dataclass(frozen=True)
class Layout:
    """The geometry of one board as placed in the world."""

    place: BoardPlace

    @property
    def size(self) -> int:
        """Blocks per tile side."""
        return self.place.tile_size

    @property
    def width(self) -> int:
        """Blocks along each side of the board."""
        return 11 * self.size

    @property
    def rotation(self) -> str:
        """The `place template` rotation for the board's facing."""
        return ROTATIONS[self.place.facing]

    @property
    def quarters(self) -> int:
        """Clockwise quarter turns of the rotation."""
        return _QUARTERS[self.rotation]

    def world(self, pos: Pos) -> Pos:
        """A local block position in world coordinates, rotated like `place template`."""
        x, y, z = pos
        for _ in range(self.quarters):
            x, z = -z, x
        ox, oy, oz = self.place.origin
        return ox + x, oy + y, oz + z

    def rotate16(self, rotation: int) -> int:
        """A standing sign/banner rotation after the board's rotation."""
        return (rotation + 4 * self.quarters) % 16

    @staticmethod
    def cell(index: int) -> tuple[int, int]:
        """(column, row) of a space in the 11 by 11 grid; GO is (10, 10)."""
        side, step = divmod(index, 10)
        return [(10 - step, 10), (0, 10 - step), (step, 0), (10, step)][side]

    def block(self, index: int, a: int, b: int, y: int = 0) -> Pos:
        """Local block of a tile: `a` along the way players walk, `b` from outer edge inwards."""
        s = self.size
        col, row = self.cell(index)
        x0, z0 = col * s, row * s
        side = (index // 10) % 4
        x, z = [(x0 + s - 1 - a, z0 + s - 1 - b), (x0 + b, z0 + s - 1 - a),
                (x0 + a, z0 + b), (x0 + s - 1 - b, z0 + a)][side]
        return x, y, z

    def inward(self, index: int) -> int:
        """Local standing rotation facing the middle from a tile."""
        return _INWARD[(index // 10) % 4]

    def tile_blocks(self, index: int) -> Iterator[tuple[int, int, Pos]]:
        """(a, b, floor block) for every block of a tile."""
        for a in range(self.size):
            for b in range(self.size):
                yield a, b, self.block(index, a, b)

    def sign(self, index: int) -> Pos:
        """Where a tile's sign stands."""
        return self.block(index, 1, 0, 1)

    def banner(self, index: int) -> Pos:
        """Where a property's banner stands when it is owned."""
        return self.block(index, self.size - 2, 0, 1)

    def houses(self, index: int) -> list[Pos]:
        """The four house spots along the tile's inner edge."""
        start = (self.size - 4) // 2
        return [self.block(index, start + i, self.size - 1, 1) for i in range(4)]

    def hotel(self, index: int) -> list[Pos]:
        """The blocks of a hotel: the two middle house spots, two blocks tall."""
        return self.tower(index, 2)

    def apartment(self, index: int) -> list[Pos]:
        """The blocks of Anti-Monopoly's apartment: the two middle house spots, three tall."""
        return self.tower(index, 3)

    def tower(self, index: int, floors: int) -> list[Pos]:
        """The two middle house spots, `floors` blocks tall."""
        middle = self.houses(index)[1:3]
        return [(x, y + floor, z) for floor in range(floors) for x, y, z in middle]

    def stand(self, index: int) -> Pos:
        """The block a teleported player's feet land in on a tile."""
        if index == 10:
            return self.block(index, 0, 0, 1)  # the Just Visiting lane, outside the cell
        half = self.size // 2
        return self.block(index, half, half - 1, 1)

    def jail_cell(self) -> Pos:
        """The block a jailed player's feet are in, inside the cell."""
        return self.block(10, 2, 2, 1)

    def middle(self) -> tuple[int, int]:
        """Local x and z of the board's middle."""
        return self.width // 2, self.width // 2

    def buttons(self) -> dict[str, Pos]:
        """The button of each kind: on the inner wall of its building, the jar's on the floor."""
        cx, cz = self.middle()
        half = self.size // 2
        return {"naughty": (cx - 9, 2, cz - 2), "nice": (cx - 7, 2, cz - 2),
                "crate": (cx + 7, 2, cz - 2), "jar": self.block(20, half - 1, half, 1)}

    def press_spot(self, kind: str) -> Pos:
        """Where a player's feet stand to press a button: in front of it (on it, for the jar)."""
        x, y, z = self.buttons()[kind]
        return (x, y, z) if kind == "jar" else (x, y - 1, z + 1)

    def bounds(self) -> tuple[Pos, Pos]:
        """The world box the board fills, (min corner, max corner) inclusive."""
        corners = [self.world((x, y, z)) for x in (0, self.width - 1)
                   for y in (0, self.place.height - 1) for z in (0, self.width - 1)]
        low = tuple(min(c[i] for c in corners) for i in range(3))
        high = tuple(max(c[i] for c in corners) for i in range(3))
        return (low[0], low[1], low[2]), (high[0], high[1], high[2])

    def load_area(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """The columns that must be loaded to place the board: (min x, min z), (max x, max z).

        The board's own box, and the box `place template` checks before it places anything
        (PlaceCommand.checkLoaded: the chunks from the origin to origin + size, not turned), so a
        board facing north, east or south needs chunks its blocks never touch.
        """
        (x0, _, z0), (x1, _, z1) = self.bounds()
        ox, _, oz = self.place.origin
        return (min(x0, ox), min(z0, oz)), (max(x1, ox + self.width), max(z1, oz + self.width))

    def overlaps(self, other: Layout) -> bool:
        """Whether two boards' boxes share a block."""
        (a0, a1), (b0, b1) = self.bounds(), other.bounds()
        return all(a0[i] <= b1[i] and b0[i] <= a1[i] for i in range(3))

    def tile_at(self, x: float, z: float) -> int | None:
        """The space whose tile contains world point (x, z), or None off the ring."""
        for index in range(40):
            low, high = self._tile_box(index)
            if low[0] <= x < high[0] + 1 and low[1] <= z < high[1] + 1:
                return index
        return None

    def tile_centre(self, index: int) -> tuple[float, float]:
        """World x and z of the middle of a tile's top face."""
        (x0, z0), (x1, z1) = self._tile_box(index)
        return (x0 + x1 + 1) / 2, (z0 + z1 + 1) / 2

    def map_frame(self) -> Pos:
        """The block, on the floor at the board's middle, where the framed map lies."""
        cx, cz = self.middle()
        return self.world((cx, 1, cz))

    def map_scale(self) -> int:
        """How often a map made at the board's middle must be zoomed out to show every tile.

        A new map covers the 128-block cell of vanilla's map grid that holds the player;
        each zoom-out doubles the cell around the old one (MapItemSavedData.createFresh).
        """
        x, _, z = self.map_frame()
        for scale in range(5):
            size = 128 << scale
            cx = ((x + 64) // size) * size + size // 2 - 64
            cz = ((z + 64) // size) * size + size // 2 - 64
            if all(abs(tx - cx) <= 63 * (1 << scale) and abs(tz - cz) <= 63 * (1 << scale)
                   for tx, tz in (self.tile_centre(i) for i in range(40))):
                return scale
        return 4

    def _tile_box(self, index: int) -> tuple[tuple[int, int], tuple[int, int]]:
        ends = [self.world(self.block(index, a, b)) for a in (0, self.size - 1)
                for b in (0, self.size - 1)]
        return ((min(e[0] for e in ends), min(e[2] for e in ends)),
                (max(e[0] for e in ends), max(e[2] for e in ends)))
