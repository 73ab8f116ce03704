"""The README's first picture: the live wall (`/wall`) of a demo with three boards, shot by headless Chromium.

Usage: .venv/bin/python docs/images/make_screenshot.py [--boards 3] [--round 12] [--seed 3] [--out docs/images/wall.png]

It writes a world config with --boards boards 100 blocks apart (configs/world.yaml's settings
otherwise), plays `monopoli demo --web` on it with 4 bots a board, waits until every board's game
has reached --round (read from the page's own /state.json), has Debian's chromium (`apt-get install
chromium`) shoot the wall at 1280x720, and stops the demo with Ctrl-C as an organiser would. A
picture over 200 KB is stored with a palette of 256 colours, which the page's flat colours keep.
"""

from __future__ import annotations

import argparse
import json
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import yaml
from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["main", "annex", "terrace", "garden", "hall", "porch"]
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars"]
MAX_BYTES = 200_000


def world_config(boards: int, path: Path) -> None:
    """configs/world.yaml with `boards` boards side by side, 100 blocks apart along x."""
    world = yaml.safe_load((ROOT / "configs" / "world.yaml").read_text(encoding="utf-8"))
    first = world["boards"][0]
    world["boards"] = [{**first, "name": NAMES[i], "origin": [first["origin"][0] + 100 * i, *first["origin"][1:]]}
                       for i in range(boards)]
    path.write_text(yaml.safe_dump(world, sort_keys=False), encoding="utf-8")


def free_port() -> int:
    """A loopback port nobody listens on."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def rounds(port: int) -> list[int]:
    """The round each board's game shows on the page now (none before the page is up)."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/state.json", timeout=2) as reply:
            boards = json.load(reply)["boards"]
    except OSError:
        return []
    return [int(board.get("round") or 0) for board in boards.values() if board]


def shoot(url: str, out: Path, profile: Path) -> None:
    """Chromium's screenshot of `url` at 1280x720 into `out`, kept under MAX_BYTES."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        sys.exit("error: Debian's chromium is needed: apt-get install chromium")
    subprocess.run([chromium, *FLAGS, f"--user-data-dir={profile}", "--window-size=1280,720",
                    f"--screenshot={out}", url], check=True, capture_output=True, timeout=120)
    if out.stat().st_size > MAX_BYTES:
        Image.open(out).convert("RGB").quantize(256).save(out, optimize=True)


def main() -> None:
    """Play the demo, shoot the wall, stop the demo."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=3, choices=range(1, len(NAMES) + 1))
    parser.add_argument("--round", type=int, default=12, help="shoot once every board's game has reached it")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images" / "wall.png")
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="monopoli-shot-") as tmp:
        world = Path(tmp) / "world.yaml"
        world_config(args.boards, world)
        log = (Path(tmp) / "demo.log").open("w")
        demo = subprocess.Popen([str(ROOT / ".venv" / "bin" / "monopoli"), "demo", "--world", str(world),
                                 "--seed", str(args.seed), "--speed", "2", "--max-rounds", "150", "--quiet",
                                 "--db", str(Path(tmp) / "demo.db"), "--web", f"127.0.0.1:{port}"],
                                cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
        try:
            while len(now := rounds(port)) < args.boards or min(now) < args.round:
                if demo.poll() is not None:
                    sys.exit("error: the demo ended before the picture:\n" + (Path(tmp) / "demo.log").read_text())
                time.sleep(0.5)
            shoot(f"http://127.0.0.1:{port}/wall", args.out, Path(tmp) / "chromium")
        finally:
            demo.send_signal(signal.SIGINT)
            demo.wait(60)
            log.close()
    print(f"wrote {args.out} ({args.out.stat().st_size // 1000} KB)")


if __name__ == "__main__":
    main()
