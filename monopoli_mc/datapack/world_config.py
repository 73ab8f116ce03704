"""configs/world.yaml: the Minecraft version, RCON address, boards in the world, colours."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from monopoli_mc.datapack.layout import BoardPlace, Layout
from monopoli_mc.datapack.night_config import NightRules, read_night
from monopoli_mc.datapack.versions import DEFAULT_VERSION, McVersion, get_version
from monopoli_mc.errors import ConfigError
from monopoli_mc.rules.board import configs_dir
from monopoli_mc.rules.yamlsource import Section, load_yaml

DYE_COLORS = ("white", "orange", "magenta", "light_blue", "yellow", "lime", "pink", "gray",
              "light_gray", "cyan", "purple", "blue", "brown", "green", "red", "black")
MORTGAGE_COLOR = "gray"
# A pawn is the player: their name, in the sidebar, chat and over their head, takes the colour
# of a team, and teams have the 16 chat colours, so each banner colour maps to the nearest one.
PAWN_COLORS = {"white": "white", "orange": "gold", "magenta": "light_purple", "light_blue": "aqua",
               "yellow": "yellow", "lime": "green", "pink": "light_purple", "gray": "dark_gray",
               "light_gray": "gray", "cyan": "dark_aqua", "purple": "dark_purple", "blue": "blue",
               "brown": "dark_red", "green": "dark_green", "red": "red", "black": "black"}
ROLE_COLORS = {"competitor": "green", "monopolist": "blue"}  # sheet 003: green and blue pawns
FACINGS = ("north", "east", "south", "west")
MOVEMENTS = ("walk", "teleport")
MAX_PLAYERS = 8
TILE_SIZES = (4, 8)  # the jail needs a cell and a lane: at least 4 blocks a tile
HEIGHTS = (8, 32)
BUILD_LIMITS = (-64, 320)
_BOARD_NAME = re.compile(r"[a-z0-9_]{1,16}")
PASSWORD_ENV = "MONOPOLI_RCON_PASSWORD"
RCON_PORT = 25575  # server.properties' rcon.port when it is not set
SCRATCH_OFFSET = 512  # blocks east of the first board: the default scratch area for doctor --deep
SCRATCH_MARGIN = 64  # blocks the scratch area keeps from every board


@dataclass(frozen=True)
class WorldConfig:
    """Everything about the server the pack and the controller need."""

    version: McVersion
    rcon_host: str
    rcon_port: int
    boards: tuple[BoardPlace, ...]
    colors: tuple[str, ...]
    movement: str
    source: str = ""
    role_colors: tuple[tuple[str, str], ...] = tuple(ROLE_COLORS.items())  # Anti-Monopoly's sides
    scratch: tuple[int, int, int] | None = None  # where `doctor --deep` may place and clear a board
    night: NightRules = NightRules()  # how the night's games add up (night_config.py)

    def scratch_origin(self) -> tuple[int, int, int]:
        """The scratch area's corner: the configured one, else 512 blocks east of the first board."""
        if self.scratch is not None:
            return self.scratch
        x, y, z = self.boards[0].origin
        return (x + SCRATCH_OFFSET, y, z)

    def board(self, name: str | None = None) -> BoardPlace:
        """A board by name (the first one when no name is given)."""
        if name is None:
            return self.boards[0]
        for board in self.boards:
            if board.name == name:
                return board
        known = ", ".join(b.name for b in self.boards)
        raise ConfigError(f"no board named {name!r}; known: {known}", file=self.source)


def default_world_path() -> Path:
    """configs/world.yaml in the checkout."""
    return configs_dir() / "world.yaml"


def load_world(path: Path | str | None = None) -> WorldConfig:
    """Load and validate a world config.

    Raises ConfigError naming the file, line and key of the first problem.
    """
    path = Path(path) if path is not None else default_world_path()
    top = Section(load_yaml(path), file=str(path))
    version = _version(top)
    host, port = _rcon(top)
    movement = top.choice("movement", MOVEMENTS, "walk")
    colors = _colors(top)
    roles = _role_colors(top)
    boards = tuple(_board(item, i, line, str(path)) for i, item, line in top.items_of("boards"))
    if not boards:
        raise top.error("boards", "at least one board is needed")
    _check_boards(top, boards)
    scratch = _scratch(top, boards)
    night = read_night(top)
    top.finish()
    return WorldConfig(version=version, rcon_host=host, rcon_port=port, boards=boards,
                       colors=colors, movement=movement, source=str(path), role_colors=roles,
                       scratch=scratch, night=night)


def _version(top: Section) -> McVersion:
    if not top.has("minecraft"):
        top.raw("minecraft")
        return get_version(DEFAULT_VERSION)
    sec = top.section("minecraft")
    raw = sec.raw("version", DEFAULT_VERSION)
    if isinstance(raw, float):
        raise sec.error("version", f"write the version in quotes, e.g. \"{raw}\"")
    name = sec.get("version", str, DEFAULT_VERSION)
    sec.finish()
    try:
        return get_version(name)
    except ConfigError as exc:
        raise sec.error("version", exc.detail) from None


def _rcon(top: Section) -> tuple[str, int]:
    if not top.has("rcon"):
        top.raw("rcon")
        return "127.0.0.1", RCON_PORT
    sec = top.section("rcon")
    if sec.has("password"):
        raise sec.error("password", f"never put the password in a file; set {PASSWORD_ENV}")
    host = sec.get("host", str, "127.0.0.1")
    port = sec.int("port", RCON_PORT, minimum=1)
    if port > 65535:
        raise sec.error("port", f"must be at most 65535, found {port}")
    sec.finish()
    return host, port


def _colors(top: Section) -> tuple[str, ...]:
    if not top.has("colors"):
        top.raw("colors")
        return ("red", "blue", "lime", "yellow", "magenta", "cyan", "orange", "purple")
    colors: list[str] = []
    for _, item, line in top.items_of("colors"):
        err = ConfigError("", file=top.file, line=line, key=top.key_path("colors"))
        if item == MORTGAGE_COLOR:
            raise ConfigError(f"{item!r} is kept for mortgaged properties", file=err.file,
                              line=line, key=err.key)
        if item not in DYE_COLORS:
            raise ConfigError(f"not a banner colour: {item!r}", file=err.file, line=line, key=err.key)
        if item in colors:
            raise ConfigError(f"colour listed twice: {item!r}", file=err.file, line=line, key=err.key)
        alike = [c for c in colors if PAWN_COLORS[c] == PAWN_COLORS[item]]
        if alike:
            raise ConfigError(f"{alike[0]!r} and {item!r} look the same on the pawns (both "
                              f"{PAWN_COLORS[item]} names); keep one", file=err.file, line=line, key=err.key)
        colors.append(item)
    if not 1 <= len(colors) <= MAX_PLAYERS:
        raise top.error("colors", f"list 1 to {MAX_PLAYERS} colours, found {len(colors)}")
    return tuple(colors)


def _role_colors(top: Section) -> tuple[tuple[str, str], ...]:
    """Anti-Monopoly's pawn and banner colours by side: `role_colors: {competitor: green, ...}`."""
    if not top.has("role_colors"):
        top.raw("role_colors")
        return tuple(ROLE_COLORS.items())
    sec = top.section("role_colors")
    allowed = tuple(c for c in DYE_COLORS if c != MORTGAGE_COLOR)
    out = tuple((role, str(sec.choice(role, allowed, default))) for role, default in ROLE_COLORS.items())
    sec.finish()
    if PAWN_COLORS[out[0][1]] == PAWN_COLORS[out[1][1]]:
        raise top.error("role_colors", "the two sides need colours that look different on the pawns")
    return out


def _board(item: Any, index: int, line: int | None, file: str) -> BoardPlace:
    sec = Section(item, file=file, line=line, path=f"boards[{index}]")
    name = sec.get("name", str)
    if not _BOARD_NAME.fullmatch(name):
        raise sec.error("name", f"use 1-16 lowercase letters, digits or _; found {name!r}")
    origin = sec.get("origin", list)
    if len(origin) != 3 or not all(isinstance(v, int) and not isinstance(v, bool) for v in origin):
        raise sec.error("origin", f"expected [x, y, z] whole numbers, found {origin!r}")
    facing = sec.choice("facing", FACINGS, "west")
    tile = _in_range(sec, "tile_size", 4, TILE_SIZES)
    height = _in_range(sec, "height", 10, HEIGHTS)
    if origin[1] < BUILD_LIMITS[0] or origin[1] + height > BUILD_LIMITS[1]:
        raise sec.error("origin", f"y {origin[1]} with height {height} leaves the build limits "
                                  f"{BUILD_LIMITS[0]}..{BUILD_LIMITS[1]}")
    sec.finish()
    return BoardPlace(name=name, origin=(origin[0], origin[1], origin[2]), facing=facing,
                      tile_size=tile, height=height)


def _scratch(top: Section, boards: tuple[BoardPlace, ...]) -> tuple[int, int, int] | None:
    """`scratch: [x, y, z]`: empty space far from every board, which doctor --deep fills and clears."""
    if not top.has("scratch"):
        top.raw("scratch")
        origin = None
        x, y, z = boards[0].origin
        at = (x + SCRATCH_OFFSET, y, z)
    else:
        value = top.raw("scratch")
        if not (isinstance(value, list) and len(value) == 3
                and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
            raise top.error("scratch", f"expected [x, y, z] whole numbers, found {value!r}")
        at = origin = (value[0], value[1], value[2])
    first = boards[0]
    if at[1] < BUILD_LIMITS[0] or at[1] + first.height > BUILD_LIMITS[1]:
        raise top.error("scratch", f"y {at[1]} with height {first.height} leaves the build limits "
                                   f"{BUILD_LIMITS[0]}..{BUILD_LIMITS[1]}")
    probe = Layout(BoardPlace("scratch", at, "west", first.tile_size, first.height))
    (a0, a1) = probe.bounds()
    for board in boards:
        (b0, b1) = Layout(board).bounds()
        if all(a0[i] - SCRATCH_MARGIN <= b1[i] and b0[i] <= a1[i] + SCRATCH_MARGIN for i in (0, 2)):
            raise top.error("scratch", f"the scratch area at {list(at)} is within {SCRATCH_MARGIN} blocks "
                                       f"of board {board.name!r}: put it further away")
    return origin


def _in_range(sec: Section, key: str, default: int, bounds: tuple[int, int]) -> int:
    value: int = sec.int(key, default, minimum=bounds[0])
    if value > bounds[1]:
        raise sec.error(key, f"must be at most {bounds[1]}, found {value}")
    return value


def _check_boards(top: Section, boards: tuple[BoardPlace, ...]) -> None:
    seen: dict[str, BoardPlace] = {}
    for board in boards:
        if board.name in seen:
            raise top.error("boards", f"two boards named {board.name!r}")
        for other in seen.values():
            if Layout(board).overlaps(Layout(other)):
                raise top.error("boards", f"boards {other.name!r} and {board.name!r} overlap")
        seen[board.name] = board
