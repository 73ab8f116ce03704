"""What `monopoli run` says before it runs, so that a restart changes nothing of the night without a word:
which world config it takes (the folder's own, or it refuses), and a time limit the night's games had that
this run would not give the next ones."""

from __future__ import annotations

import os
from pathlib import Path

from monopoli_mc.controller.clocks import timelimit
from monopoli_mc.controller.db.store import Store
from monopoli_mc.datapack.world_config import default_world_path
from monopoli_mc.errors import MonopoliError

FOLDER_CONFIG = Path("configs") / "world.yaml"


def world_for_run(given: Path | None) -> Path:
    """The world config `run` plays: `--world`, else configs/world.yaml in the current folder.

    Raises MonopoliError when neither: the checkout's config names another folder's port and database,
    and a controller started on it waits for a server that is not there.
    """
    if given is not None:
        return given
    here = Path(os.getcwd())
    if (here / FOLDER_CONFIG).is_file():
        return here / FOLDER_CONFIG
    try:
        checkout = f" (the checkout's is {default_world_path()})"
    except MonopoliError:
        checkout = ""
    raise MonopoliError(f"this folder ({here}) has no {FOLDER_CONFIG}: give the world config with --world "
                        f"FILE{checkout}, or start run in the folder that holds configs/")


def flag_form(seconds: float) -> str:
    """A limit as --time-limit takes it: 90m, 45s."""
    whole = int(seconds)
    return f"{whole // 60}m" if whole % 60 == 0 else f"{whole}s"


def limit_warning(store: Store, flag: float | None, rule_minutes: int | None) -> str | None:
    """A warning when the night's last game started with a time limit that this run, given no
    --time-limit, would not give the games it starts; None otherwise (also for a flag given: a choice)."""
    if flag is not None:
        return None
    games = store.games()
    if not games:
        return None
    last = max(games, key=lambda row: row.id)
    had = timelimit.stored(store, last)
    now = rule_minutes * 60.0 if rule_minutes else None
    if had is None or had == now:
        return None
    instead = f"the rule set's {timelimit.words(now)}" if now else "no time limit"
    return (f"warning: the night's last game (game {last.id} on board {last.board!r}) started with a time limit "
            f"of {timelimit.words(had)}, and this run has no --time-limit: the games it starts get {instead} "
            f"(those running keep theirs). To keep the limit, stop this run (Ctrl-C) and start it again with "
            f"--time-limit {flag_form(had)}")
