"""Auctions people can follow (issue 27, point 7): a longer wait for the first bid than between bids, a
countdown on a boss bar with the high bid, and a [Pass] that closes the auction once every other bidder
has passed. Against the strict sandbox over RCON, the controller's clock moved by the test."""

from __future__ import annotations

from pathlib import Path

from controller_support import Counting, Rig, ask, make_rig, open_auction
from hypothesis import given, settings
from hypothesis import strategies as st

from monopoli_mc.bridge import timebar
from monopoli_mc.datapack.versions import get_version
from monopoli_mc.rules.phases import AUCTION
from monopoli_mc.sandbox.bots import Bot
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
    bars = [bar for bar in rig.bots[name].bossbars() if bar[0].startswith("Auction")]
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


# -- issue 35 point 6: a pass said, a fair resume, a bar that says the controller is silent and never outlives
# -- its auction, and reaches a player back mid-auction

def _restarted(rig: Rig, clock: Clock) -> None:
    """A new controller on the same database and world (the old one stopped without a word)."""
    from monopoli_mc.controller.loop import Controller

    rig.ctl = Controller(rig.rcon, rig.world, rig.store, rig.ctl.settings, clock=clock)
    rig.ctl.start()


def test_a_pass_is_said_to_the_table_and_the_passer_and_is_in_the_log(tmp_path: Path) -> None:
    for rig in make_rig(tmp_path, ["Alex", "Sam", "Robin"], seed=3):
        _clocked(rig, quiet=8.0, first=20.0)
        lines: list[str] = []
        rig.ctl.on_line = lines.append
        name, _ = open_auction(rig)
        bidder, passer = [n for n in rig.game.names if n != name]
        rig.bots[bidder].click("+50")
        rig.step()
        for who in rig.game.names:
            rig.said_to(who)
        rig.bots[passer].click("Pass")
        rig.step()
        for who in rig.game.names:  # the passer reads it too
            assert f"{passer} passes" in rig.said_to(who), who
        assert f"[main] {passer} passes" in lines
        assert rig.ctl.tables["main"].log[-1] == (rig.ctl.tables["main"].game_id, f"{passer} passes")


def test_a_resume_gives_the_first_bid_window_back_when_nobody_has_bid(tmp_path: Path) -> None:
    for rig in make_rig(tmp_path, ["Alex", "Sam"], seed=2):
        clock = _clocked(rig, quiet=8.0, first=20.0)
        game = rig.game
        name, other = open_auction(rig)
        lot = game.board.spaces[game.pending["space"]].name
        clock.t += 18.0  # 2 s left
        rig.step()
        assert ask(rig.store, rig.ctl.poll, "pause") == "board 'main' paused"
        assert _auction_bar(rig, other) == (f"Auction: {lot} - no bid yet - paused", 2, 20, "green")
        clock.t += 60.0
        assert ask(rig.store, rig.ctl.poll, "resume") == "board 'main' resumed"
        assert _auction_bar(rig, other) == (f"Auction: {lot} - no bid yet - closes in 20 s", 20, 20, "green")
        clock.t += 19.0
        rig.step()
        assert game.phase == AUCTION
        clock.t += 1.5
        rig.step()
        assert game.phase != AUCTION and _auction_bar(rig, name) is None


def test_the_bar_says_when_the_controller_is_silent_and_no_bar_outlives_its_auction_across_a_restart(
        tmp_path: Path) -> None:
    """The controller stops mid-auction: a second later (the pack's quiet time) the bar says the game is not
    answering (not "closes in 8 s" for the whole outage). The players pass meanwhile; the restarted controller closes the auction in
    its first poll and the bar leaves every screen."""
    for rig in make_rig(tmp_path, ["Alex", "Sam"], seed=2):
        clock = _clocked(rig, quiet=8.0, first=20.0)
        game = rig.game
        name, other = open_auction(rig)
        lot = game.board.spaces[game.pending["space"]].name
        assert _auction_bar(rig, other) == (f"Auction: {lot} - no bid yet - closes in 20 s", 20, 20, "green")
        rig.box.world.tick(rig.ctl.quiet_ticks)  # a second without a read of the controller's: not yet
        assert _auction_bar(rig, other)[0].startswith(f"Auction: {lot}")  # type: ignore[index]
        rig.box.world.tick(2)
        for who in (name, other):
            assert _auction_bar(rig, who) == (
                "Auction on hold: the game is not answering; bids are kept and count when it is back", 20, 20,
                "red")
        rig.bots[other].click("Pass")
        rig.bots[name].trigger("auction")
        rig.box.world.tick()
        _restarted(rig, clock)
        rig.step()
        assert rig.game.phase != AUCTION
        assert _auction_bar(rig, name) is None and _auction_bar(rig, other) is None


def test_a_controller_back_after_a_silence_shows_the_auction_again(tmp_path: Path) -> None:
    """The same controller, silent for a while (a hung step, a lost connection): its next poll sets the
    bar's words again, though they did not change since it last sent them."""
    for rig in make_rig(tmp_path, ["Alex", "Sam"], seed=2):
        clock = _clocked(rig, quiet=8.0, first=20.0)
        _, other = open_auction(rig)
        lot = rig.game.board.spaces[rig.game.pending["space"]].name
        rig.box.world.tick(120)
        assert _auction_bar(rig, other)[3] == "red"  # type: ignore[index]
        clock.t += 6.0
        rig.step()
        assert _auction_bar(rig, other) == (f"Auction: {lot} - no bid yet - closes in 14 s", 14, 20, "green")


def test_admin_sync_makes_the_bar_again_and_a_player_back_mid_auction_sees_it(tmp_path: Path) -> None:
    for rig in make_rig(tmp_path, ["Alex", "Sam", "Robin"], seed=3):
        _clocked(rig, quiet=8.0, first=20.0)
        game = rig.game
        mover = game.names[game.to_act()]
        away = next(n for n in game.names if n != mover)
        rig.bots[away].leave()  # offline when the auction opens
        rig.step()
        name, _ = open_auction(rig)
        assert name == mover
        rig.bots[away] = Bot.join(rig.box.world, away)
        rig.box.world.tick()
        assert _auction_bar(rig, away) is None
        rig.step()
        assert _auction_bar(rig, away) is not None  # given the bar on return
        rig.rcon.command(f"bossbar remove {timebar.auction_id('main')}")  # a bar lost (a server restart)
        assert _auction_bar(rig, mover) is None
        assert ask(rig.store, rig.ctl.poll, "sync").startswith("board 'main'")
        for who in game.names:
            assert _auction_bar(rig, who) is not None, who


def test_slow_polls_during_an_auction_keep_the_heartbeat_so_the_bar_never_says_the_game_is_silent(
        tmp_path: Path) -> None:
    """`run --poll 2`: every poll of an auction changes its bar (a write of its own, no batch); the heartbeat
    still goes out at least every two seconds, so the pack never turns the bar red while the controller runs."""
    for rig in make_rig(tmp_path, ["Alex", "Sam"], seed=2):
        clock = _clocked(rig, quiet=8.0, first=60.0)
        rig.ctl.settings.poll_interval = 2.0  # as `run --poll 2`: the pack is told to wait that long for a read
        rig.ctl.sync_all(seating=True)
        _, other = open_auction(rig)
        sent = rig.ctl.rcon = Counting(rig.ctl.rcon)
        for _ in range(6):
            clock.t += 2.0
            rig.step(40)  # 2 s of ticks between polls
            bar = _auction_bar(rig, other)
            assert bar is not None and bar[3] == "green", bar
        made = [request for request in sent.take() if request.startswith("bossbar add")]
        assert made == []  # never made again: the controller was never silent, the pack never said so
