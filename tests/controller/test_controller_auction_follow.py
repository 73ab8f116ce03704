"""Auctions people can follow (issue 27, point 7): a longer wait for the first bid than between bids, a
countdown on a boss bar with the high bid, and a [Pass] that closes the auction once every other bidder
has passed. Decided on snapshots (`decide_support.Desk`), a controller back after a silence and the
heartbeat during slow polls too (`Desk.poll`); what the pack shows when the controller is silent goes
against the strict sandbox over RCON. The controller's clock is moved by the test."""

from __future__ import annotations

from pathlib import Path

from controller_support import Rig, make_rig, open_auction
from decide_support import Desk
from decide_support import open_auction as open_desk_auction
from hypothesis import given, settings
from hypothesis import strategies as st

from monopoli_mc.bridge import timebar
from monopoli_mc.controller.clocks import heartbeat
from monopoli_mc.datapack import calls
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
    bars = [bar for bar in rig.bots[name].bossbars() if bar[0].startswith("Auction")]
    assert len(bars) <= 1, bars
    return bars[0] if bars else None


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

def test_the_bar_says_the_game_is_silent_only_after_the_quiet_time_the_pack_was_given(tmp_path: Path) -> None:
    """The pack's side of a silence, in the world. `run --poll 2` tells the pack to wait longer for a read
    (`bridge/quiet`): polls two seconds apart leave the bar green. Silent past that quiet time (a hung step, a
    lost connection), the bar says the game is not answering, on every screen (not "closes in 20 s" for the
    whole outage, `bridge/deaf`); the controller's next poll makes it again with the auction's words. When
    the loop writes the beat and makes the bar again is decided on a Desk below."""
    for rig in make_rig(tmp_path, ["Alex", "Sam"], seed=2):
        clock = _clocked(rig, quiet=8.0, first=60.0)
        rig.ctl.settings.poll_interval = 2.0  # as `run --poll 2`: the pack is told to wait that long for a read
        rig.ctl.sync_all(seating=True)
        name, other = open_auction(rig)
        lot = rig.game.board.spaces[rig.game.pending["space"]].name
        for _ in range(3):
            clock.t += 2.0
            rig.step(40)  # 2 s of ticks between polls: over the default quiet time, within the one given
            bar = _auction_bar(rig, other)
            assert bar is not None and bar[3] == "green", bar
        assert _auction_bar(rig, other) == (f"Auction: {lot} - no bid yet - closes in 54 s", 54, 60, "green")
        rig.box.world.tick(rig.ctl.quiet_ticks)  # that long without a read of the controller's: not yet
        assert _auction_bar(rig, other)[0].startswith(f"Auction: {lot}")  # type: ignore[index]
        rig.box.world.tick(2)
        for who in (name, other):
            assert _auction_bar(rig, who) == (
                "Auction on hold: the game is not answering; bids are kept and count when it is back", 54, 60,
                "red")
        clock.t += 6.0
        rig.step()
        assert _auction_bar(rig, other) == (f"Auction: {lot} - no bid yet - closes in 48 s", 48, 60, "green")


# -- decided on snapshots

AUCTION_BAR = timebar.auction_id("main")
BEAT = calls.beat()


def _desk(names: list[str], seed: int) -> Desk:
    return Desk(names, seed=seed, auction_quiet=8.0, auction_first=20.0)


def test_the_first_bid_is_waited_for_longer_and_the_countdown_is_on_everyone_s_screen() -> None:
    """8 s closed an auction while a player was still finding +10. Before the first bid the auction waits
    `auction_first` (20 s), then 8 s after each bid; each player sees the lot, the bid and the seconds."""
    desk = _desk(["Alex", "Sam"], 2)
    game = desk.game
    name, other = open_desk_auction(desk)
    lot = game.board.spaces[game.pending["space"]].name
    desk.now += 10.0
    desk.step()
    assert game.phase == AUCTION  # it would have closed at 8 s
    assert desk.bossbar(AUCTION_BAR) == (f"Auction: {lot} - no bid yet - closes in 10 s", 10, 20, "green")
    assert {f"tag {who} add monopoli.auction.main" for who in (name, other)} <= set(desk.written)  # everyone's
    desk.trigger(other, "bid", 10)  # [+10] runs /trigger bid set <high + 10>
    desk.step()
    assert game.pending["high"] == 10
    desk.now += 3.0
    desk.step()
    assert desk.bossbar(AUCTION_BAR) == (f"Auction: {lot} - high bid $10 ({other}) - closes in 5 s", 5, 8, "green")
    desk.now += 5.1
    desk.step()
    assert game.phase != AUCTION and game.owner[game.pos[game.names.index(name)]] == game.names.index(other)
    assert desk.bossbar(AUCTION_BAR) is None  # removed with the auction


def test_pass_closes_the_auction_once_every_other_bidder_passed() -> None:
    """Three at the table: Robin bids, the other two click [Pass] (or type /trigger auction): sold at
    once, nobody waits out the quiet time. A pass prompts nobody again."""
    desk = _desk(["Alex", "Sam", "Robin"], 3)
    game = desk.game
    name, _ = open_desk_auction(desk)
    bidder, passer = [n for n in game.names if n != name]
    desk.trigger(bidder, "bid", 50)  # [+50]
    desk.step()
    before = set(desk.written)
    desk.trigger(passer, "bid", -1)  # [Pass] runs /trigger bid set -1
    desk.step()
    assert game.phase == AUCTION
    assert not [c for c in desk.writes if "prompt" in c and c not in before]  # the pass changed nobody's buttons
    desk.trigger(name, "auction")  # typed: in an auction, "leave it to the auction" is a pass
    desk.step()
    assert game.phase != AUCTION and desk.now == 1000.0  # closed by the passes, not by the clock
    space = game.pos[game.names.index(name)]
    assert game.owner[space] == game.names.index(bidder)
    desk.said_to(passer)
    desk.trigger(passer, "bid", -1)  # an old [Pass] in the chat, after its auction: a pass, refused
    desk.step()
    told = desk.said_to(passer)
    assert any(line.startswith("pass is not possible now") for line in told), told
    assert game.owner[space] == game.names.index(bidder)


def test_a_pass_is_said_to_the_table_and_the_passer_and_is_in_the_log() -> None:
    desk = _desk(["Alex", "Sam", "Robin"], 3)
    name, _ = open_desk_auction(desk)
    bidder, passer = [n for n in desk.game.names if n != name]
    desk.trigger(bidder, "bid", 50)
    desk.step()
    for who in desk.game.names:
        desk.said_to(who)
    desk.trigger(passer, "bid", -1)
    desk.step()
    for who in desk.game.names:  # the passer reads it too
        assert f"{passer} passes" in desk.said_to(who), who
    assert f"[main] {passer} passes" in desk.lines
    assert desk.table.log[-1] == (desk.table.game_id, f"{passer} passes")


def test_a_resume_gives_the_first_bid_window_back_when_nobody_has_bid() -> None:
    desk = _desk(["Alex", "Sam"], 2)
    game = desk.game
    name, other = open_desk_auction(desk)
    lot = game.board.spaces[game.pending["space"]].name
    desk.now += 18.0  # 2 s left
    desk.step()
    assert desk.ask("pause") == "board 'main' paused"
    assert desk.bossbar(AUCTION_BAR) == (f"Auction: {lot} - no bid yet - paused", 2, 20, "green")
    desk.now += 60.0
    assert desk.ask("resume") == "board 'main' resumed"
    assert desk.bossbar(AUCTION_BAR) == (f"Auction: {lot} - no bid yet - closes in 20 s", 20, 20, "green")
    desk.now += 19.0
    desk.step()
    assert game.phase == AUCTION
    desk.now += 1.5
    desk.step()
    assert game.phase != AUCTION and desk.bossbar(AUCTION_BAR) is None


def test_admin_sync_makes_the_bar_again_and_a_player_back_mid_auction_sees_it() -> None:
    desk = _desk(["Alex", "Sam", "Robin"], 3)
    game = desk.game
    mover = game.names[game.to_act()]
    away = next(n for n in game.names if n != mover)  # offline when the auction opens
    name, _ = open_desk_auction(desk)
    assert name == mover
    desk.trigger(away, "online", 0)  # back: the pack queues {kind:"online"}
    desk.step()
    made = f"bossbar add {AUCTION_BAR} "
    assert any(c.startswith(made) for c in desk.writes)  # made again, with them in it
    assert f"tag {away} add monopoli.auction.main" in desk.writes
    assert desk.bossbar(AUCTION_BAR) is not None
    assert desk.ask("sync").startswith("board 'main'")  # a bar lost (a server restart): sync makes it again
    assert any(c.startswith(made) for c in desk.writes)
    assert {f"tag {who} add monopoli.auction.main" for who in game.names} <= set(desk.writes)


def test_no_bar_outlives_its_auction_across_a_restart() -> None:
    """The controller stops mid-auction without a word; the players pass meanwhile (their inputs wait in the
    inbox). The restarted controller, which does not know what the world's bar shows, closes the auction in
    its first poll and removes the bar from every screen."""
    desk = _desk(["Alex", "Sam"], 2)
    game = desk.game
    name, other = open_desk_auction(desk)
    lot = game.board.spaces[game.pending["space"]].name
    assert desk.bossbar(AUCTION_BAR) == (f"Auction: {lot} - no bid yet - closes in 20 s", 20, 20, "green")
    desk.trigger(other, "bid", -1)  # [Pass] runs /trigger bid set -1
    desk.trigger(name, "auction")
    desk.restart()
    desk.step()
    assert desk.game.phase != AUCTION
    assert f"bossbar remove {AUCTION_BAR}" in desk.writes and desk.bossbar(AUCTION_BAR) is None


# -- the loop's watch on the pack (clocks/heartbeat), decided on snapshots: `Desk.poll`

def test_a_controller_back_after_a_silence_shows_the_auction_again() -> None:
    """The same controller, silent for a while (a hung step, a lost connection): the pack has said on the bar
    that the game is not answering, so the controller's next poll makes the bar again, on every screen, with
    its own words, though they may not have changed since it last sent them; polls that come as often as
    they should touch the bar only when its words change."""
    desk = _desk(["Alex", "Sam"], 2)
    name, other = open_desk_auction(desk)
    lot = desk.game.board.spaces[desk.game.pending["space"]].name
    desk.poll()  # the first poll, after a start, makes it again too (the pack may have marked it meanwhile)
    made = f"bossbar add {AUCTION_BAR} "
    for _ in range(4):  # a second of polls, as often as `--poll` says (here 0.05 s: at most 0.5 s apart)
        desk.tick(0.25)
        desk.poll()
        assert not any(c.startswith(made) for c in desk.writes), desk.writes
        assert all(c.startswith(f"bossbar set {AUCTION_BAR} ") or c == BEAT for c in desk.writes), desk.writes
    assert desk.bossbar(AUCTION_BAR) == (f"Auction: {lot} - no bid yet - closes in 19 s", 19, 20, "green")
    desk.tick(0.6)  # a gap past half the poll and the pack's quiet time: it may have marked the bar
    desk.poll()
    assert any(c.startswith(made) for c in desk.writes)  # though "closes in 19 s" did not change
    assert {f"tag {who} add monopoli.auction.main" for who in (name, other)} <= set(desk.writes)
    assert desk.bossbar(AUCTION_BAR) == (f"Auction: {lot} - no bid yet - closes in 19 s", 19, 20, "green")
    desk.tick(6.0)
    desk.poll()
    assert any(c.startswith(made) for c in desk.writes)
    assert desk.bossbar(AUCTION_BAR) == (f"Auction: {lot} - no bid yet - closes in 13 s", 13, 20, "green")


def test_slow_polls_during_an_auction_keep_the_heartbeat_so_the_bar_never_says_the_game_is_silent() -> None:
    """`run --poll 2`: every poll of an auction changes its bar (a write of its own, no batch); the heartbeat
    still goes out at least every two seconds, within the pack's quiet time, so the pack never turns the bar
    red while the controller runs, and the bar is never made again (the gaps are the polls' own)."""
    desk = Desk(["Alex", "Sam"], seed=2, auction_quiet=8.0, auction_first=60.0, poll_interval=2.0)
    _, other = open_desk_auction(desk)
    desk.poll()
    since = len(desk.written)
    for _ in range(6):
        desk.tick(2.0)
        desk.poll()
        assert desk.writes[-1] == BEAT, desk.writes  # beside the bar's own, unbatched writes
        assert any(c.startswith(f"bossbar set {AUCTION_BAR} value ") for c in desk.writes)
    beats = desk.beats[-7:]
    assert max(b - a for a, b in zip(beats, beats[1:])) <= heartbeat.quiet_ticks(2.0) / 20
    assert [c for c in desk.written[since:] if c.startswith("bossbar add")] == []  # never made again
    assert desk.bossbar(AUCTION_BAR)[3] == "green"  # type: ignore[index]
