"""The page in a real headless Chromium: the board's colours where the game has them, live updates, the stop.

Debian's chromium is needed (`.ci/run` installs it when missing); without it the test is
skipped on a developer's machine and fails on CI.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image
from test_view_png import png_samples
from view_browser import Browser, chromium_path
from view_support import close_to, expected_banner, get, parse, start_demo

from monopoli_mc.cli import cli
from monopoli_mc.controller.db.store import Store
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.rules.game import Game
from monopoli_mc.view.geometry import BOARD
from monopoli_mc.view.scene import banner_centre
from monopoli_mc.view.stored import stored_views

if chromium_path() is None:
    if os.environ.get("CI"):
        raise RuntimeError("the browser test needs Debian's chromium: .ci/run installs it (apt-get install chromium)")
    pytest.skip("Debian's chromium is not installed (apt-get install chromium)", allow_module_level=True)

DRAWING = "(() => { const r = document.querySelector('#board-main .board-svg').getBoundingClientRect();" \
          " return [r.left, r.top, r.width, r.height]; })()"


def page_samples(browser: Browser, game: Game) -> dict[int, tuple[int, ...]]:
    """The pixel at the middle of every deed's banner in a screenshot of the page."""
    left, top, width, height = browser.evaluate(DRAWING)
    shot = Image.open(io.BytesIO(browser.screenshot())).convert("RGB")
    samples = {}
    for space in game.board.deeds:
        x, y = banner_centre(space.index, 0)
        samples[space.index] = shot.getpixel((round(left + x * width / BOARD), round(top + y * height / BOARD)))
    return samples


@pytest.mark.long(seconds=6)
def test_the_page_in_chromium_shows_the_game_and_follows_it(tmp_path: Path) -> None:
    live = start_demo(tmp_path, players=3, seed=1, speed=10, max_rounds=15)  # mortgaged, owned and free deeds
    live.wait_started()
    with Browser(1600, 1100) as browser:
        browser.open(live.url)
        browser.evaluate("window.notReloaded = true")
        first = int(browser.evaluate("document.getElementById('board-main').dataset.actions"))
        browser.wait_for(lambda: int(browser.evaluate(
            "document.getElementById('board-main').dataset.actions")) > first + 5, 30, pump="a live update")
        assert browser.evaluate("window.notReloaded") is True  # the stream swapped the section in
        result = live.finish()
        browser.wait_for(lambda: "stopped" in browser.evaluate("document.getElementById('status').textContent"),
                         15, pump="the stopped status")
        game = result.game
        assert int(browser.evaluate("document.getElementById('board-main').dataset.actions")) == result.actions
        # What the deltas made of the section is what the server draws whole now (its words, and its shapes).
        swapped = browser.evaluate("[document.getElementById('board-main').textContent, "
                                   "document.querySelectorAll('#board-main rect, #board-main circle').length]")
        drawn = [e for e in parse(get(live.url)[2]) if e.board == "main"]
        assert " ".join(swapped[0].split()) == " ".join(drawn[0].text.split())
        assert swapped[1] == len([e for e in drawn if e.tag in ("rect", "circle")])
        world = load_world()
        expected = {s.index: expected_banner(game, world, s.index) for s in game.board.deeds}
        assert len(set(expected.values())) >= 4  # owners of several colours, gray, unowned
        shown = page_samples(browser, game)
        assert {s: p for s, p in shown.items() if not close_to(p, expected[s])} == {}

        browser.call("Emulation.setScriptExecutionDisabled", {"value": True}, session=True)
        browser.open(live.url)
        assert browser.evaluate("document.querySelector('#status').className") == "status stopped"
        assert {s: p for s, p in page_samples(browser, game).items() if not close_to(p, expected[s])} == {}
    live.page.server.close()

    picture = tmp_path / "board.png"
    reply = CliRunner().invoke(cli, ["state", "--db", str(tmp_path / "night.db"), "--png", str(picture)])
    assert reply.exit_code == 0, reply.output
    store = Store(tmp_path / "night.db")
    views = stored_views(store, world, ["main"])  # the panel's height moves the board: read as state drew it
    store.close()
    drawn = png_samples(Image.open(picture), 0, game, views)
    assert {s: p for s, p in drawn.items() if not close_to(p, expected[s])} == {}
    assert all(close_to(drawn[s], "#%02X%02X%02X" % shown[s][:3]) for s in drawn)  # the page and the PNG agree
