"""What a pack was built for, recorded in the pack so `doctor` can compare it with the world config.

`function monopoli:about` writes the record into `storage monopoli:bridge about` when called (not at
load: a pack of an older build, installed over this one, cannot leave a stale record behind, since
its missing function is itself the answer). The record holds what placing the boards and calling
the pack depend on: the Minecraft version, the rule set's board, and each board's name, origin,
facing, tile size and height.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from monopoli_mc.datapack.escape import snbt_string
from monopoli_mc.datapack.pack import Pack
from monopoli_mc.datapack.layout import BoardPlace
from monopoli_mc.datapack.world_config import WorldConfig
from monopoli_mc.rules.board import Board

ABOUT_CALL = "function monopoli:about"


@dataclass(frozen=True)
class Built:
    """What a pack was built for: version, the rule set's board, and where each board stands."""

    version: str
    board: str
    boards: tuple[BoardPlace, ...]

    @classmethod
    def of(cls, world: WorldConfig, board: Board) -> Built:
        """What a pack built from this world config and board records."""
        return cls(world.version.name, board.name, world.boards)

    def snbt(self) -> str:
        """The record as an SNBT compound."""
        places = ",".join(
            f"{{name:{snbt_string(p.name, modern=False)},origin:[{','.join(map(str, p.origin))}],"
            f"facing:{snbt_string(p.facing, modern=False)},tile:{p.tile_size},height:{p.height}}}"
            for p in self.boards)
        return (f"{{version:{snbt_string(self.version, modern=False)},board:{snbt_string(self.board, modern=False)},"
                f"boards:[{places}]}}")

    @classmethod
    def from_data(cls, data: Any) -> Built:
        """The record read back from the compound `snbt` wrote; raises KeyError, TypeError or
        ValueError when it is not one."""
        places = tuple(BoardPlace(str(p["name"]), tuple(int(v) for v in p["origin"]),  # type: ignore[arg-type]
                                  str(p["facing"]), int(p["tile"]), int(p["height"])) for p in data["boards"])
        return cls(str(data["version"]), str(data["board"]), places)

    def words(self) -> str:
        """"Minecraft 1.21.11, the Standard (US) board, board 'main' at (0, -60, 0) facing west"."""
        places = ", ".join(f"board {p.name!r} at {_at(p.origin)} facing {p.facing}" for p in self.boards)
        return f"Minecraft {self.version}, the {self.board} board, {places}"


def add_about(pack: Pack, world: WorldConfig, board: Board) -> None:
    """The `about` function, which writes the record when called."""
    pack.function("about", [f"data modify storage monopoli:bridge about set value {Built.of(world, board).snbt()}"])


def differences(built: Built, wanted: Built, config: str, rules: str) -> list[str]:
    """How the pack's record differs from what the world config and rule set want, in words."""
    out = []
    if built.version != wanted.version:
        out.append(f"it is for Minecraft {built.version}, {config} says {wanted.version}")
    if built.board != wanted.board:
        out.append(f"it is for the {built.board} board, --rules {rules} plays on the {wanted.board} board")
    theirs = {p.name: p for p in built.boards}
    ours = {p.name: p for p in wanted.boards}
    for name, place in theirs.items():
        if name not in ours:
            out.append(f"it has board {name!r}, which {config} has not")
            continue
        mine = ours[name]
        said = [f"at {_at(mine.origin)}" if mine.origin != place.origin else "",
                f"facing {mine.facing}" if mine.facing != place.facing else "",
                f"tile size {mine.tile_size}" if mine.tile_size != place.tile_size else "",
                f"height {mine.height}" if mine.height != place.height else ""]
        if any(said):
            extra = [f"tile size {place.tile_size}" if said[2] else "", f"height {place.height}" if said[3] else ""]
            where = " ".join(w for w in [f"at {_at(place.origin)} facing {place.facing}", *extra] if w)
            out.append(f"it places board {name!r} {where}, {config} says {' '.join(w for w in said if w)}")
    out += [f"it has no board {name!r}, which {config} has" for name in ours if name not in theirs]
    return out


def _at(origin: tuple[int, ...]) -> str:
    return f"({', '.join(map(str, origin))})"
