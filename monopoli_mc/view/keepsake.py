"""The keepsake folder `monopoli admin crown` writes: the standings (CSV and JSON), each game's result and
its board's last picture, and one picture of the night to share."""

from __future__ import annotations

import json
from pathlib import Path

from monopoli_mc.bridge.outbox import Table
from monopoli_mc.controller.db.history import told_lines
from monopoli_mc.controller.db.night import Crowning, Night, as_data, game_rows, standings_csv
from monopoli_mc.controller.db.saved import load_game, rules_of
from monopoli_mc.controller.db.store import Store
from monopoli_mc.datapack.layout import Layout
from monopoli_mc.datapack.world_config import WorldConfig
from monopoli_mc.errors import MonopoliError
from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.view.model import LOG_LINES, board_view
from monopoli_mc.view.png import save
from monopoli_mc.view.standings_png import save_standings


def keepsake_folder(db: Path) -> Path:
    """The folder beside the night's database: `prom-night.db` -> `prom-night-keepsake/`."""
    return db.parent / f"{db.stem}-keepsake"


def write_keepsake(store: Store, world: WorldConfig, night: Night, folder: Path,
                   crowning: Crowning | None = None) -> list[Path]:
    """Write (or write again: the same files, as the night has it now) the keepsake; the files written.

    Raises MonopoliError naming the file that cannot be written."""
    try:
        (folder / "games").mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise MonopoliError(f"cannot make the keepsake folder {str(folder)!r}: {exc.strerror or exc}") from None
    written = [_text(folder / "standings.csv", standings_csv(night)),
               _text(folder / "standings.json", json.dumps(as_data(night, crowning), indent=2) + "\n")]
    picture = folder / "night.png"
    save_standings(night, picture)
    written.append(picture)
    rows = {row.id: row for row in store.games()}
    places = {place.name: place for place in world.boards}
    for data in game_rows(night):
        if data["ended"] is None:
            continue
        stem = f"game-{data['game']}-{data['board']}"
        written.append(_text(folder / "games" / f"{stem}.json", json.dumps(data, indent=2) + "\n"))
        row = rows[data["game"]]
        board = load_board(board_path(rules_of(row.rules).board))
        game, n = load_game(store, row, board)
        table = Table(board=row.board, colors=world.colors, version=world.version, role_colors=world.role_colors)
        quarters = Layout(places[row.board]).quarters if row.board in places else 0
        view = board_view(row.board, game, table, quarters=quarters, game_id=row.id, actions=n, ends_at=None,
                          log=tuple(told_lines(store, row, board, most=LOG_LINES)))
        path = folder / "games" / f"{stem}.png"
        save([view], path, now=data["ended"])
        written.append(path)
    return written


def _text(path: Path, text: str) -> Path:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise MonopoliError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None
    return path
