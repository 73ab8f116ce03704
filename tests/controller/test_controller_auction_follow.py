"""Auctions people can follow (issue 27, point 7): a longer wait for the first bid than between bids, a
countdown on a boss bar with the high bid, and a [Pass] that closes the auction once every other bidder
has passed. Against the strict sandbox over RCON, the controller's clock moved by the test."""

from __future__ import annotations

from pathlib import Path

from controller_support import Rig, make_rig, open_auction
from hypothesis import given, settings
from hypothesis import strategies as st

from monopoli_mc.bridge import timebar
from monopoli_mc.datapack.versions import get_version
from monopoli_mc.rules.phases import AUCTION
from monopoli_mc.sandbox.strict import judge


class Clock:
    """A clock the test moves on."""

    def __init__(self, start: float) -> None:
        self.t = start

    def __call__(self) -> float:
        return self.t


def _clocked(rig: Rig, *, quiet: float, first: float | None) -> Clock:
    clock = Clock(1000.0)
    rig.ctl.clock = clock
    rig.ctl.settings.auction_quiet, rig.ctl.settings.auction_first = quiet, first
    return clock


def _auction_bar(rig: Rig, name: str) -> tuple[str, int, int, str] | None:
    bars = [bar for bar in rig.bots[name].bossbars() if bar[0].startswith("Auction: ")]
    assert len(bars) <= 1, bars
    return bars[0] if bars else None


def test_the_first_bid_is_waited_for_longer_and_the_countdown_is_on_everyone_s_screen(tmp_path: Path) -> None:
    """8 s closed an auction while a player was still finding +10. Before the first bid the auction waits
    `auction_first` (20 s), then 8 s after each bid; each player sees the lot, the bid and the seconds."""
    for rig in make_rig(tmp_path, ["Alex", "Sam"], seed=2):
        clock = _clocked(rig, quiet=8.0, first=20.0)
        game = rig.game
        name, other = open_auction(rig)
        lot = game.board.spaces[game.pending["space"]].name
        clock.t += 10.0
        rig.step()
        assert game.phase == AUCTION  # it would have closed at 8 s
        for who in (name, other):
            assert _auction_bar(rig, who) == (f"Auction: {lot} - no bid yet - closes in 10 s", 10, 20, "green")
        rig.bots[other].click("+10")
        rig.step()
        assert game.pending["high"] == 10
        clock.t += 3.0
        rig.step()
        assert _auction_bar(rig, name) == (f"Auction: {lot} - high bid $10 ({other}) - closes in 5 s", 5, 8, "green")
        clock.t += 5.1
        rig.step()
        assert game.phase != AUCTION and game.owner[game.pos[game.names.index(name)]] == game.names.index(other)
        assert _auction_bar(rig, name) is None and _auction_bar(rig, other) is None  # removed with the auction


def test_pass_closes_the_auction_once_every_other_bidder_passed(tmp_path: Path) -> None:
    """Three at the table: Robin bids, the other two click [Pass] (or type /trigger auction): sold at
    once, nobody waits out the quiet time. A pass prompts nobody again."""
    for rig in make_rig(tmp_path, ["Alex", "Sam", "Robin"], seed=3):
        clock = _clocked(rig, quiet=8.0, first=20.0)
        game = rig.game
        name, _ = open_auction(rig)
        others = [n for n in game.names if n != name]
        bidder, passer = others
        assert any(label == "[Pass]" for label, _ in rig.bots[passer].buttons())
        rig.bots[bidder].click("+50")
        rig.step()
        before = {n: len(rig.bots[n].chat_text()) for n in game.names}
        rig.bots[passer].click("Pass")
        rig.step()
        assert game.phase == AUCTION
        prompts = [line for n in game.names for line in rig.bots[n].chat_text()[before[n]:]
                   if line.startswith("High bid")]
        assert prompts == []  # the pass changed nobody's buttons
        rig.bots[name].trigger("auction")  # typed: in an auction, "leave it to the auction" is a pass
        rig.step()
        assert game.phase != AUCTION and clock.t == 1000.0  # closed by the passes, not by the clock
        space = game.pos[game.names.index(name)]
        assert game.owner[space] == game.names.index(bidder)
        rig.said_to(passer)
        rig.bots[passer].click("Pass")  # an old [Pass] in the chat, after its auction: a pass, refused
        rig.step()
        told = rig.said_to(passer)
        assert any(line.startswith("pass is not possible now") for line in told), told
        assert game.owner[space] == game.names.index(bidder)


@settings(max_examples=60, deadline=None)
@given(lot=st.text(max_size=40), bidder=st.one_of(st.none(), st.from_regex(r"[A-Za-z0-9_]{1,16}", fullmatch=True)),
       high=st.integers(0, 2**31 - 1), left=st.floats(-5, 10**6), window=st.floats(0, 10**6))
def test_the_auction_bar_s_commands_are_ones_vanilla_takes(lot: str, bidder: str | None, high: int, left: float,
                                                           window: float) -> None:
    """Whatever a lot is called and whoever bids, the bar's commands parse on the oldest and newest release."""
    for release in ("1.20.5", "1.21.11"):
        version = get_version(release)
        words = timebar.auction_words(lot, high, bidder, left)
        names = [bidder] if bidder else ["Alex"]
        commands = (timebar.auction_show("main", names, words, left, window, version)
                    + timebar.auction_update("main", words, left, window, version) + timebar.auction_hide("main"))
        assert [c for c in commands if judge(c, release) is not None] == []
