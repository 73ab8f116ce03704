"""The live page of a real controller over RCON on the stepped sandbox: an auction as people follow it (the
controller's clock, the bids, the passes), and the same page following a controller started again in the
same process (issue 35), its open streams going on without a reload."""

from __future__ import annotations

from pathlib import Path

from test_view_heal import _events
from test_view_streams import _read_until
from view_support import get, parse

from monopoli_mc.controller.loop import Controller, Settings
from monopoli_mc.controller.db.store import Store
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.rcon.client import RconClient
from monopoli_mc.rules.phases import AUCTION, BUY
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.runner import Sandbox
from monopoli_mc.view.live import LivePage

PACK = Path(__file__).resolve().parents[2] / "datapacks" / "monopoli"
PASSWORD = "live-pw"
SETTINGS = Settings(rules="prom", seed=3, start_at=3, auction_quiet=8.0, auction_first=20.0, walk_wait=0.0)


def _auction_part(url: str) -> str:
    """The words of the main board's auction box on the page now."""
    return " ".join(next(e.text for e in parse(get(url)[2]) if e.attrs.get("data-part") == "auction").split())


def test_an_auction_on_the_page_and_a_controller_started_again_in_the_same_process(tmp_path: Path) -> None:
    world = load_world()
    page = LivePage("127.0.0.1", 0)
    with Sandbox(password=PASSWORD, strict=True, datapack=PACK, ticking=False) as box:
        box.world.tick()
        with RconClient(*box.address, PASSWORD, timeout=30) as rcon:  # placing the board is long on a busy machine
            rcon.command("function monopoli:board/main/place")
            store = Store(tmp_path / "night.db")
            ctl = Controller(rcon, world, store, SETTINGS)
            ctl.start()
            page.attach(ctl)
            host, port = page.server.httpd.server_address[:2]
            import socket
            reader = socket.create_connection((str(host), int(port)), timeout=10)
            reader.sendall(b"GET /events HTTP/1.1\r\nHost: t\r\n\r\n")
            _read_until(reader, b"event: status")
            bots = {}
            for name in ("Alex", "Sam", "Robin"):
                bots[name] = Bot.join(box.world, name)
                box.world.tick()
                bots[name].trigger("join")
            box.world.tick(2)
            ctl.poll()
            table = ctl.tables["main"]
            game = table.game
            assert game is not None
            first = game.names[game.to_act()]
            bots[first].trigger("d6")
            box.world.tick()
            ctl.poll()
            assert game.phase == BUY
            bots[first].trigger("auction")  # leave it to the auction
            box.world.tick()
            ctl.poll()
            assert game.phase == AUCTION
            others = [n for n in game.names if n != first]
            bots[others[0]].trigger("bid", "set", 10)
            box.world.tick()
            ctl.poll()
            bots[others[1]].trigger("bid", "set", 15)
            box.world.tick()
            ctl.poll()
            bots[first].trigger("auction")  # in an auction, "leave it to the auction" is a pass
            box.world.tick()
            ctl.poll()
            page.stop("flush")  # what the last polls changed, now
            words = _auction_part(page.url)
            assert f"high bid $15 by {others[1]}" in words and "closes in 8 s" in words, words
            assert f"{others[1]} $15{others[0]} $10" in words and f"passed: {first}" in words  # last bid first
            assert words.endswith(f"may bid: {others[0]}") and " to bid or pass" not in get(page.url)[2]
            assert page.watches[0].bids.reads == 0  # each bid seen as it was made

            ctl.release()  # the controller stops; the same process starts another on the same night
            stopped = _read_until(reader, b'"state": "stopped"')
            assert b"this page follows the game again" in stopped
            again = Controller(rcon, world, store, SETTINGS)
            again.start()
            page.attach(again)
            box.world.tick()
            again.poll()
            page.watches[0](flush=True)
            followed = _events(stopped + _read_until(reader, b'"state": "live"'))
            assert [d["state"] for k, d in followed if k == "status"][-1] == "live"
            words = _auction_part(page.url)  # the new controller's clock, the bids read from the log
            assert f"high bid $15 by {others[1]}" in words and f"{others[1]} $15{others[0]} $10" in words, words
            assert page.watches[0].bids.reads == 1 and len(page.watches) == 1
            assert page.server.streams == 1
            reader.close()
            page.close("the test is over")
            again.release()
            store.close()
        assert list(box.world.strict_failures) == []
