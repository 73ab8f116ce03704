"""README's short night ("Rehearse a short night") is typed into the real console, as the organiser types it.

Its `$` lines run first (the exports set the environment; `monopoli datapack build` builds the two boards'
pack), then `monopoli sandbox --console` in a process of its own (the world config copied with the test's free
port), each `> ` line fed to its standard input (a `# ...` note after a line is left out, as the rehearsal's own
test does); every other line of the block is output the console must print, in that order.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from test_readme_commands import README, _split, blocks

ROOT = Path(__file__).resolve().parents[1]
HEADING = "### Rehearse a short night"
MONOPOLI = [sys.executable, "-c", "from monopoli_mc.cli import main; main()"]


def night_block() -> tuple[list[str], list[str], list[str]]:
    """(the shell lines, the lines typed at the console's prompt, the output lines shown)."""
    text = README.read_text(encoding="utf-8")
    start = text.index(HEADING)
    first = text[:start].count("\n") + 1
    end = text.index("\n## ", start + 1)
    last = text[:end].count("\n") + 1
    lang, _, lines = next(b for b in blocks(README) if first < b[1] < last)
    assert lang == "console"
    shell = [line[2:] for line in lines if line.startswith("$ ")]
    rest = lines[lines.index("$ " + shell[-1]) + 1:]
    typed = [re.sub(r"\s+#.*$", "", line[2:]).strip() for line in rest if line.startswith("> ")]
    shown = [line for line in rest if not line.startswith("> ")]
    return shell, typed, shown


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.long(seconds=25)
def test_the_short_night_is_played_as_the_readme_types_it(tmp_path: Path) -> None:
    shell, typed, shown = night_block()
    port = _free_port()
    (tmp_path / "configs").mkdir()
    night = (ROOT / "configs" / "night.yaml").read_text().replace("port: 25575", f"port: {port}")
    (tmp_path / "configs" / "night.yaml").write_text(night)
    env = {k: v for k, v in os.environ.items() if not k.startswith("MONOPOLI_")}  # a fresh terminal
    env["NO_COLOR"] = "1"
    for line in shell[:-1]:
        exported = re.fullmatch(r"export (\w+)=(\S+)", line.strip())
        if exported is not None:
            env[exported[1]] = exported[2]
            continue
        _env, words = _split(line)
        assert words[:3] == ["monopoli", "datapack", "build"], line
        built = subprocess.run([*MONOPOLI, *words[1:]], cwd=tmp_path, env=env, capture_output=True, text=True,
                               timeout=120)
        assert built.returncode == 0, built.stdout + built.stderr
    _env, words = _split(shell[-1])
    assert words[:3] == ["monopoli", "sandbox", "--console"]
    done = subprocess.run([*MONOPOLI, *words[1:]], input="\n".join(typed) + "\n", cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=150)
    out = done.stdout.replace(f"127.0.0.1:{port}", "127.0.0.1:25575").replace(str(tmp_path), "/home/org")
    assert done.returncode == 0, out + done.stderr
    assert "Traceback" not in out + done.stderr and "error:" not in out, out
    printed = out.splitlines()
    at = 0
    for line in shown:  # in order
        assert line in printed[at:], f"{line!r} not printed after line {at}:\n" + "\n".join(printed[at:at + 40])
        at = printed.index(line, at) + 1
    folder = tmp_path / "night-keepsake"
    assert (folder / "standings.csv").read_text().splitlines()[1].startswith("1,Sam,")
    assert sorted(p.name for p in (folder / "games").iterdir()) == [
        "game-1-main.json", "game-1-main.png", "game-2-annex.json", "game-2-annex.png",
        "game-3-main.json", "game-3-main.png"]
