"""`monopoli run --web`: the page of the real controller process, and what it says when that process stops."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from view_support import get, parse

from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.demo.run import install
from monopoli_mc.rcon.client import RconClient
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.runner import Sandbox

PASSWORD = "page-pw"


@pytest.mark.long(seconds=3)
def test_run_web_shows_the_seats_then_says_it_stopped(tmp_path: Path) -> None:
    world = load_world()
    pack = install(world, "prom", tmp_path)
    with Sandbox(password=PASSWORD, strict=True, datapack=pack, tick_rate=200) as box:
        world_path = tmp_path / "world.yaml"
        world_path.write_text(Path(world.source).read_text().replace("port: 25575", f"port: {box.port}"))
        with RconClient(*box.address, PASSWORD) as rcon:
            rcon.command("function monopoli:board/main/place")
        proc = subprocess.Popen(
            [sys.executable, "-c", "from monopoli_mc.cli import main; main()", "run", "--world", str(world_path),
             "--db", str(tmp_path / "night.db"), "--web", "127.0.0.1:0", "--poll", "0.01"],
            env=dict(os.environ, MONOPOLI_RCON_PASSWORD=PASSWORD), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True)
        try:
            assert proc.stdout is not None
            first = proc.stdout.readline()
            assert first.startswith("monopoli: live board page at http://127.0.0.1:"), first
            url = first.split(" at ", 1)[1].strip()
            seated = threading.Event()
            stream: list[dict[str, str]] = []

            def read() -> None:
                with urllib.request.urlopen(url + "events", timeout=30) as events:
                    kind = ""
                    for raw in events:
                        line = raw.decode().rstrip("\n")
                        if line.startswith("event: "):
                            kind = line[7:]
                        elif line.startswith("data: "):
                            stream.append({"kind": kind, **json.loads(line[6:])})
                            if kind in ("full", "delta") and "Alex" in line:  # the whole board, or what changed
                                seated.set()

            reader = threading.Thread(target=read, daemon=True)
            reader.start()
            _, _, body = get(url)
            assert "no game yet" in body and "waiting for the start" in body
            alex = Bot.join(box.world, "Alex")
            joined = box.world.game_time
            while box.world.game_time < joined + 5:  # the pack enables a new player's triggers on a tick
                time.sleep(0.001)
            alex.trigger("join")
            assert seated.wait(10), "the page did not show the player who sat down"
            lobby = [e.text for e in parse(get(url)[2]) if e.attrs.get("class") == "lobby"]
            assert lobby == ["seated: Alex"]
            proc.send_signal(signal.SIGTERM)
            reader.join(10)
            assert stream[-1]["kind"] == "status" and stream[-1]["state"] == "stopped"
            assert "the controller has stopped (monopoli run stopped at " in stream[-1]["html"]
            assert proc.wait(10) == 0
        finally:
            if proc.poll() is None:
                proc.kill()
            proc.communicate(timeout=10)
