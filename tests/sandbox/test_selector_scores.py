"""`@a[scores={...}]` picks exactly the players whose every named score is set and in its range, in join
order (vanilla's "scores" option, EntitySelectorOptions; the sandbox compares each range's two bounds
inline, the pack's tick runs dozens of these over every player)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.world import World

NAMES = ("Alex", "Sam", "Kim", "Lee", "Max")
SCORE = st.one_of(st.none(), st.integers(-5, 5))
BOUND = st.one_of(st.none(), st.integers(-5, 5))


@settings(max_examples=60, deadline=None)
@given(a=st.lists(SCORE, min_size=5, max_size=5), b=st.lists(SCORE, min_size=5, max_size=5),
       ranges=st.lists(st.tuples(BOUND, BOUND), min_size=1, max_size=2))
def test_a_score_selector_picks_the_players_in_every_range(a: list[int | None], b: list[int | None],
                                                           ranges: list[tuple[int | None, int | None]]) -> None:
    world = World(strict=True)
    for name in NAMES:
        Bot.join(world, name)
    for objective, values in (("a", a), ("b", b)):
        world.execute(f"scoreboard objectives add {objective} dummy")
        for name, value in zip(NAMES, values):
            if value is not None:
                world.execute(f"scoreboard players set {name} {objective} {value}")
    ranges = [(low, high) for low, high in ranges if low is None or high is None or low <= high]
    if not ranges or any(low is None and high is None for low, high in ranges):
        return
    text = ",".join(f"{objective}={'' if low is None else low}..{'' if high is None else high}"
                    for objective, (low, high) in zip("ab", ranges))
    values = {"a": a, "b": b}
    want = [name for k, name in enumerate(NAMES)
            if all(values[o][k] is not None and (low is None or low <= values[o][k])  # type: ignore[operator]
                   and (high is None or values[o][k] <= high)  # type: ignore[operator]
                   for o, (low, high) in zip("ab", ranges))]
    world.execute(f"execute as @a[scores={{{text}}}] run tag @s add picked")
    assert [p.name for p in world.online_players() if "picked" in p.tags] == want


@settings(max_examples=60, deadline=None)
@given(values=st.lists(SCORE, min_size=5, max_size=5), low=BOUND, high=BOUND, objective=st.sampled_from(["a", "gone"]),
       away=st.sets(st.sampled_from(NAMES)))
def test_one_score_alone_is_picked_as_the_general_path_picks_it(values: list[int | None], low: int | None,
                                                                 high: int | None, objective: str,
                                                                 away: set[str]) -> None:
    """`@a[scores={o=range}]` alone has a path of its own (`Selector._one_score`): the same players, in the same
    order, as every option's test applied in turn; none when the objective does not exist."""
    from monopoli_mc.sandbox.selection import selector_in

    world = World(strict=True)
    bots = {name: Bot.join(world, name) for name in NAMES}
    world.execute("scoreboard objectives add a dummy")
    for name, value in zip(NAMES, values):
        if value is not None:
            world.execute(f"scoreboard players set {name} a {value}")
    for name in away:
        bots[name].leave()
    if low is not None and high is not None and low > high or low is None and high is None:
        return
    text = f"@a[scores={{{objective}={'' if low is None else low}..{'' if high is None else high}}}]"
    fast, general = selector_in(text, world.version), selector_in(text, world.version)
    assert fast._one_score is not None
    general.__dict__["_one_score"] = None  # every option's test in turn
    source = world.server_source()
    assert [p.name for p in fast.select(source)] == [p.name for p in general.select(source)]
