"""README's rehearsal ("Before: rehearse the night as the players") is typed into the real console.

The section's console block is run as the organiser runs it, as written (issue 27 point 12): its
`$ export` lines are the only environment the test adds (no RCON password of its own), then
`monopoli sandbox --console` in a process of its own (the world config given with the test's free
port, as test_readme_commands does), each `> ` line fed to its standard input; `monopoli` lines
start the real controller and admin commands as child processes over RCON. Every other line of the
block is output the console must print, in that order; and the game must have ended.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from test_readme_commands import README, blocks, _split

from monopoli_mc.sandbox.rehearsal import without_note

ROOT = Path(__file__).resolve().parents[1]
HEADING = "### Before: rehearse the night as the players"
MONOPOLI = [sys.executable, "-c", "from monopoli_mc.cli import main; main()"]


def rehearsal() -> tuple[dict[str, str], list[str], list[str], list[str]]:
    """(what its `$ export` lines set, the console's command words, the lines typed at its prompt,
    the output lines shown)."""
    text = README.read_text(encoding="utf-8")
    start = text.index(HEADING)
    first = text[:start].count("\n") + 1
    end = text.index("\n### ", start + 1)
    last = text[:end].count("\n") + 1
    lang, _, lines = next(b for b in blocks(README) if first < b[1] < last)
    shell = [line[2:] for line in lines if line.startswith("$ ")]
    assert lang == "console" and shell[-1].startswith("monopoli sandbox --console"), shell
    exported = {}
    for line in shell[:-1]:  # every shell line before the console's must be an export
        found = re.fullmatch(r"export (\w+)=(\S+)", line.strip())
        assert found is not None, f"README's rehearsal runs {line!r} before the console: only exports are run"
        exported[found[1]] = found[2]
    _env, words = _split(shell[-1])
    rest = lines[lines.index("$ " + shell[-1]) + 1:]
    typed = [line[2:] for line in rest if line.startswith("> ")]  # as printed, notes and all (issue 35 point 9)
    shown = [line for line in rest if not line.startswith("> ")]
    return exported, words, typed, shown


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_the_rehearsal_extraction_finds_the_lines() -> None:
    exported, words, typed, shown = rehearsal()
    assert "MONOPOLI_RCON_PASSWORD" in exported  # the sandbox's first line needs it
    assert words[:3] == ["monopoli", "sandbox", "--console"]
    assert typed[0].startswith("monopoli doctor ") and typed[-1].startswith("quit")
    assert any("#" in line for line in typed)  # the notes are typed too: the console leaves them out
    assert {"Alex: join", "Sam: join", "Kim: join"} <= {without_note(line) for line in typed}
    assert any(line.startswith("monopoli admin end") for line in typed) and shown


@pytest.mark.long(seconds=20)
def test_the_readme_rehearsal_plays_a_game_to_its_end(tmp_path: Path) -> None:
    """Three players and an operator, typed into `monopoli sandbox --console`, from nothing to the end."""
    exported, words, typed, shown = rehearsal()
    port = _free_port()
    (tmp_path / "configs").mkdir()
    world = tmp_path / "configs" / "world.yaml"
    world.write_text((ROOT / "configs" / "world.yaml").read_text().replace("port: 25575", f"port: {port}"))
    (tmp_path / "datapacks").symlink_to(ROOT / "datapacks")  # the checkout's, as README's path says
    env = {k: v for k, v in os.environ.items() if not k.startswith("MONOPOLI_")}  # a fresh terminal
    env.update(exported, NO_COLOR="1")
    done = subprocess.run([*MONOPOLI, *words[1:], "--world", str(world)], input="\n".join(typed) + "\n",
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=150)
    out = done.stdout.replace(f"127.0.0.1:{port}", "127.0.0.1:25575").replace(str(tmp_path), "/home/org")
    assert done.returncode == 0, out + done.stderr
    assert "Traceback" not in out + done.stderr and "error:" not in out, out
    printed = out.splitlines()
    at = 0
    for want in shown:  # in the README's order
        found = next((i for i in range(at, len(printed)) if want.strip() in printed[i]), None)
        assert found is not None, f"README shows {want!r}, not printed after line {at}:\n" + "\n".join(printed[at:])
        at = found + 1
    assert "run | [main] GAME OVER: " in out and printed[-1] == "sandbox stopped", out
    assert [line for line in printed if line.startswith("> ")] == ["> " + line for line in typed]
