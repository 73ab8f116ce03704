"""Build the whole pack as a value from the world config and the board."""

from __future__ import annotations

from monopoli_mc.datapack.about import add_about
from monopoli_mc.datapack.bars import add_bars
from monopoli_mc.datapack.boardfns import add_board_functions, add_board_ui, structure_id
from monopoli_mc.datapack.buttons import add_buttons
from monopoli_mc.datapack.channel import add_channel
from monopoli_mc.datapack.hud import add_hud
from monopoli_mc.datapack.layout import Layout
from monopoli_mc.datapack.mapfns import add_map_functions, add_map_ui
from monopoli_mc.datapack.pack import Pack
from monopoli_mc.datapack.structure import board_structure
from monopoli_mc.datapack.text import Dialect
from monopoli_mc.datapack.view import add_view
from monopoli_mc.datapack.world_config import WorldConfig
from monopoli_mc.errors import ConfigError
from monopoli_mc.rules.board import Board

SPACES = 40


def build_pack(world: WorldConfig, board: Board, *, structures: bool = True) -> Pack:
    """The datapack for a world config and a board, as a value (nothing is written).

    Without `structures` the board's structure is left out (most of the build's time), for
    a caller that reads only the functions, such as the controller's cost table.

    Raises ConfigError when the board does not have the 40 spaces the ring needs.
    """
    if len(board.spaces) != SPACES:
        raise ConfigError(f"the world board needs {SPACES} spaces, found {len(board.spaces)}",
                          file=board.source, key="spaces")
    version = world.version
    dialect = Dialect(version)
    pack = Pack(version=version,
                description=f"Monopoli MC for Minecraft {version.name} ({board.name})")
    add_channel(pack, dialect, [place.name for place in world.boards])
    add_hud(pack, dialect, [place.name for place in world.boards])
    add_bars(pack, dialect, [place.name for place in world.boards])
    add_about(pack, world, board)
    add_view(pack, dialect, board)
    add_board_ui(pack)
    layouts = [Layout(place) for place in world.boards]
    add_buttons(pack, layouts)
    add_map_ui(pack, dialect, layouts)
    for layout in layouts:
        add_board_functions(pack, dialect, board, layout)
        add_map_functions(pack, dialect, board, layout)
        name = structure_id(layout)
        if structures and name not in pack.structures:
            pack.structures[name] = board_structure(board, layout, dialect)
    return pack
