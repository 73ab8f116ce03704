"""What the players' chat and the live page's move list tell: the auction's high bidder, and the
operator's undo, pause, resume, kick and end; against the strict sandbox over RCON."""

from __future__ import annotations

from pathlib import Path

from controller_support import make_rig

from monopoli_mc.rules.phases import AUCTION, BUY


def test_the_auction_line_names_the_high_bidder(tmp_path: Path) -> None:
    for rig in make_rig(tmp_path, ["Alex", "Sam"], seed=2):
        rig.ctl.settings.auction_quiet = 60.0  # the auction stays open while the test looks
        game = rig.game
        name = game.names[game.to_act()]
        other = next(n for n in game.names if n != name)
        rig.bots[name].trigger("d6")
        rig.step()
        assert game.phase == BUY
        rig.bots[name].trigger("auction")
        rig.step()
        assert game.phase == AUCTION
        assert "High bid $0. [+10] [+50] [+100] [Other]" in rig.said_to(other)  # nobody has bid yet
        rig.bots[other].trigger("bid", "set", 80)
        rig.step()
        for player in (name, other):
            assert f"High bid $80 by {other}. [+10] [+50] [+100] [Other]" in rig.said_to(player)
