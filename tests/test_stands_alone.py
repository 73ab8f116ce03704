"""The repository stands alone: nothing in it reads or points at the team's shared folder beside it."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_nothing_points_outside_the_repository() -> None:
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                           check=True).stdout.split()
    needle = "../" + "shared"
    hits = [f for f in files if Path(ROOT, f).is_file() and f.endswith((".py", ".md", ".yaml", ".toml", ".cfg", ".txt", "Makefile", ".json"))
            and needle in Path(ROOT, f).read_text(encoding="utf-8", errors="replace")]
    assert hits == []
