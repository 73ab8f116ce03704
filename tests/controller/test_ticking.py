"""bridge/ticking: a server whose game time stands still is told from one that ticks (ledger row F5)."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from monopoli_mc.bridge.ticking import TIME_QUERY, game_time, is_ticking, not_ticking


class Clock:
    """A fake clock that `sleep` moves, so the test takes no time."""

    def __init__(self) -> None:
        self.now = 0.0

    def sleep(self, seconds: float) -> None:
        self.now += seconds


def server(times: list[str]) -> tuple[list[str], Clock, Callable[[str], str]]:
    """A server answering `times` in turn (the last one again and again); what it was asked."""
    asked: list[str] = []
    clock = Clock()

    def ask(command: str) -> str:
        asked.append(command)
        return times[min(len(asked) - 1, len(times) - 1)]
    return asked, clock, ask


def test_a_ticking_server_is_told_at_once() -> None:
    asked, clock, ask = server(["The time is 40", "The time is 41"])
    assert is_ticking(ask, sleep=clock.sleep, clock=lambda: clock.now) is True
    assert asked == [TIME_QUERY, TIME_QUERY] and clock.now < 0.2


def test_a_paused_server_is_told_after_the_wait() -> None:
    asked, clock, ask = server(["The time is 1199"])
    assert is_ticking(ask, wait=1.5, sleep=clock.sleep, clock=lambda: clock.now) is False
    assert 1.5 <= clock.now < 1.7 and len(asked) >= 10


def test_a_server_that_does_not_say_is_not_judged() -> None:
    for replies in (["Unknown or incomplete command, see below for error"], ["The time is 5", "nonsense"]):
        _, clock, ask = server(replies)
        assert is_ticking(ask, sleep=clock.sleep, clock=lambda: clock.now) is None


def test_the_message_says_what_to_set() -> None:
    text = not_ticking(1.5)
    assert "stood still for 1.5 s" in text and "pause-when-empty-seconds=0 in server.properties" in text


@settings(max_examples=80, deadline=None)
@given(st.text(max_size=60))
def test_any_reply_gives_a_time_or_none(reply: str) -> None:
    value = game_time(reply)
    assert value is None or f"The time is {value}" in reply
