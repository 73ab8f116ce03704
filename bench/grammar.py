"""The command grammar's cost, this checkout beside another: the inbox read and the sandbox's commands.

Usage: .venv/bin/python bench/grammar.py [--against DIR] [--repeat N]

Times, in this checkout and (with --against) in another one's `monopoli_mc` (an exported older
commit, `git archive main | tar -x -C /tmp/base`), each in its own interpreter:

- the controller's read of a full poll reply (`bridge.inbox.parse_poll`): the bridge storage with
  128 inbox entries (as many as 1.21-1.21.4 print of a list) and 32 walkers' positions, printed by
  the sandbox of 1.21.4 and of 1.21.11;
- the sandbox's own command throughput (`World.execute`, strict and not, 1.21.11 with the pack):
  a mix of the lines the controller and the pack send (storage writes with SNBT, scores, selectors,
  text components, macro calls, `execute` chains).

Prints microseconds per call for each, side by side, and the ratio (this checkout / the other).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINES = [
    'data modify storage monopoli:bench ops set value [{op:"cash",player:"Alex",value:1500},'
    '{op:"banner",board:"main",space:3,colour:"red"},{op:"say",text:"Alex buys \\"Baltic\\" for 60"}]',
    "scoreboard players set Alex Cash 1500",
    "scoreboard players operation @a[scores={Cash=1..},limit=4,sort=nearest] Cash += $bank Cash",
    'tellraw @a[name=Alex] {"text":"Alex rolls 3 and 4","color":"gold",'
    '"click_event":{"action":"run_command","command":"/trigger d6"}}',
    "execute as @a[name=Alex] at @s if score @s Cash matches 100.. run scoreboard players add @s Cash 1",
    'function monopoli:ui/card {player:"Alex",deck:"chance",card:7}',
    "data get storage monopoli:bridge inbox",
    "execute store result storage monopoli:bench n int 1 run scoreboard players get Alex Cash",
    'data merge storage monopoli:bench {a:1b,b:2.5f,c:[I;1,2,3],d:{e:"x\\ny"},f:[1.0d,2.0d]}',
    "tag @a[distance=..200,x=0,y=60,z=0] add monopoli.near",
]


def inbox_reply(version: str) -> str:
    """A full poll reply printed by the sandbox of this release."""
    from monopoli_mc.sandbox.world import World
    world = World(version=version)
    world.execute("data modify storage monopoli:bridge world set value 60606426")
    world.execute('data modify storage monopoli:bridge night set value {id:"c3eb",db:"/srv/prom.db",host:"vm",pid:12}')
    for n in range(128):
        text = "two\\nlines" if n % 16 == 0 and version == "1.21.11" else f"Player_{n}"
        world.execute(f'data modify storage monopoli:bridge inbox append value {{seq:{n},kind:"d6",'
                      f'uuid:[I;{n},-2,3,-4],boot:7,value:{n * 7},button:1b,time:{n}L,target:"{text}"}}')
    for n in range(32):
        world.execute(f"data modify storage monopoli:bridge pos append value {{uuid:[I;{n},2,3,4],"
                      f"at:[{n}.5d,-59.0d,{n * 3}.25d]}}")
    return world.execute("data get storage monopoli:bridge")[0]


def _time(fn: object, repeat: int) -> float:
    """Microseconds per call, the best of three rounds of `repeat` calls."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(repeat):
            fn()  # type: ignore[operator]
        best = min(best, (time.perf_counter() - start) / repeat)
    return best * 1e6


def measure(repeat: int) -> dict[str, float]:
    """Every figure of this interpreter's checkout."""
    from monopoli_mc.bridge.inbox import parse_poll
    from monopoli_mc.sandbox.bots import Bot
    from monopoli_mc.sandbox.world import World
    out: dict[str, float] = {}
    for version in ("1.21.4", "1.21.11"):
        reply = inbox_reply(version)
        assert len(parse_poll(reply).events) == 128
        out[f"inbox read, {version} ({len(reply)} chars)"] = _time(lambda: parse_poll(reply), max(1, repeat // 20))
    pack = ROOT / "datapacks" / "monopoli"
    for strict in (False, True):
        world = World(version="1.21.11", strict=strict)
        world.load_datapack(pack)
        Bot.join(world, "Alex")
        world.execute("scoreboard objectives add Cash dummy")

        def mix(world: World = world) -> None:
            for line in LINES:
                world.execute(line)
        mix()
        out[f"sandbox, {len(LINES)} lines, strict={strict}"] = _time(mix, repeat)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, help="another checkout's root (its monopoli_mc is timed too)")
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(args.repeat)))
        return
    roots = [("this", ROOT)] + ([("other", args.against.resolve())] if args.against else [])
    figures = {}
    for name, root in roots:
        env = dict(os.environ, PYTHONPATH=str(root))
        done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child", "--repeat", str(args.repeat)],
                              env=env, cwd=root, check=True, capture_output=True, text=True)
        figures[name] = json.loads(done.stdout)
    print(f"{'us per call':55} {'this':>10}" + (f" {'other':>10} {'ratio':>7}" if args.against else ""))
    for key, value in figures["this"].items():
        row = f"{key:55} {value:10.1f}"
        if args.against:
            other = figures["other"].get(key)
            row += f" {other:10.1f} {value / other:7.2f}" if other else "          -"
        print(row)


if __name__ == "__main__":
    main()
