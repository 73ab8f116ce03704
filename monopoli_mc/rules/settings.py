"""Rule sets: a frozen settings object loaded from YAML, with a default for every field.

The defaults are the official rules; a rule set file lists only what it changes,
so the differences between the rule sheets are data, never code paths.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from monopoli_mc.errors import ConfigError
from monopoli_mc.rules.board import configs_dir
from monopoli_mc.rules.yamlsource import Section, load_yaml

JAR_FEEDS = ("taxes", "card_fees", "jail_fines")
MAX_LIMIT_MINUTES = 7 * 24 * 60  # a week: the controller shows the time left in seconds on a boss bar


@dataclass(frozen=True)
class Rules:
    """Every setting the engine reads; defaults are the official US rules."""

    name: str = "classic"
    description: str = ""
    board: str = "standard"
    min_players: int = 2
    max_players: int = 8
    starting_cash: int = 1500
    salary: int = 200
    # Free Parking jar (a house rule): what feeds it, and what the bank seeds it with.
    free_parking_jar: bool = False
    jar_feeds: tuple[str, ...] = JAR_FEEDS
    jar_seed: int = 0
    # Mortgages.
    mortgage_interest_percent: int = 10
    # A mortgaged deed received from a bankrupt player: the fee to keep it mortgaged, and whether
    # that fee is due also when the new owner lifts it at once (who then pays the mortgage alone).
    received_mortgage_fee_percent: int = 10
    received_fee_always: bool = False
    bought_mortgage_fee_percent: int = 10  # the same fee for a mortgaged deed bought or traded from a player
    # Buildings.
    building_sellback_percent: int = 50
    building_sellback_discount: int = 0
    bankruptcy_building_percent: int = 50
    houses_limit: int | None = 32
    hotels_limit: int | None = 12
    even_building: bool = True
    max_houses: int = 4  # houses on a street before the top building (hotel)
    mortgage_blocks_group: bool = True  # no building in a group with a mortgage; mortgage needs the group bare
    building_auction: bool = True  # the bank's last houses or hotels, wanted by several, go to auction
    # Jail.
    jail_fine: int = 50
    jail_max_turns: int = 3
    jail_roll_again_on_doubles: bool = False
    jail_pay_on_last_turn: bool = False  # the last turn in jail starts with the fine (or a card), then the throw
    doubles_to_jail: int = 3
    doubles_extra_throws: int | None = None  # throws again after doubles; None: until jail
    # Taxes; income_tax_percent set means the player may choose it instead of the flat amount.
    income_tax: int = 200
    income_tax_percent: int | None = None
    luxury_tax: int = 100
    # Buying and rent.
    auction_on_decline: bool = True
    double_rent_full_group: bool = True
    rent_must_be_claimed: bool = False  # the owner must ask before the next player throws, or lose it
    deal_deeds: bool = False  # deal every deed at the start, evenly and free; the rest are auctioned
    # The speed die (sheet 001), used after first passing GO, or from the start (Mega edition).
    speed_die: bool = False
    speed_die_from_start: bool = False
    # Roles (Anti-Monopoly): competitors and monopolists, each building and charging by their side.
    roles: bool = False
    monopolist_max_houses: int = 3  # a monopolist's apartment replaces the fourth house
    monopolist_city_streets: int = 2  # streets of a city a monopolist must own to build and charge double
    build_on_own_turn: bool = False
    win_by_side: bool = False  # Game B: the richest of one side once the other side is all bankrupt
    # The end: last player standing, unless a round or clock limit comes first.
    max_rounds: int | None = None
    time_limit_minutes: int | None = None

    def jar_takes(self, feed: str) -> bool:
        """Whether money of this kind (taxes, card_fees, jail_fines) goes to the jar."""
        return self.free_parking_jar and feed in self.jar_feeds

    def sellback(self, cost: int) -> int:
        """What the bank pays for a building that cost `cost`."""
        return max(0, cost * self.building_sellback_percent // 100 - self.building_sellback_discount)


_INT_FIELDS = {f.name for f in dataclasses.fields(Rules) if f.type in ("int",)}
_OPT_INT_FIELDS = {f.name for f in dataclasses.fields(Rules) if f.type == "int | None"}
_BOOL_FIELDS = {f.name for f in dataclasses.fields(Rules) if f.type == "bool"}
_STR_FIELDS = {f.name for f in dataclasses.fields(Rules) if f.type == "str"}
_ALL_FIELDS = tuple(f.name for f in dataclasses.fields(Rules))
# classic.yaml lists every setting with a comment: where an unknown key's reader should look.
_EVERY_SETTING = "configs/rules/classic.yaml for every setting"


def rules_from_mapping(data: Any, *, file: str) -> Rules:
    """Validate a mapping of settings into Rules; unknown keys and wrong types are ConfigErrors."""
    sec = Section(data, file=file)
    values: dict[str, Any] = {}
    for name in _STR_FIELDS:
        if sec.has(name):
            values[name] = sec.get(name, str)
    for name in _BOOL_FIELDS:
        if sec.has(name):
            values[name] = sec.get(name, bool)
    for name in _INT_FIELDS:
        if sec.has(name):
            values[name] = sec.int(name, minimum=0)
    for name in _OPT_INT_FIELDS:
        if sec.has(name):
            values[name] = sec.int(name, minimum=1, allow_none=True)
    if sec.has("jar_feeds"):
        feeds = sec.get("jar_feeds", list)
        for feed in feeds:
            if feed not in JAR_FEEDS:
                raise sec.error("jar_feeds", f"unknown feed {feed!r}; use {', '.join(JAR_FEEDS)}")
        values["jar_feeds"] = tuple(feeds)
    sec.finish(known=_ALL_FIELDS, see=_EVERY_SETTING)
    rules = Rules(**values)
    _check(rules, sec)
    return rules


def _check(rules: Rules, sec: Section) -> None:
    if not 2 <= rules.min_players <= rules.max_players <= 8:
        raise sec.error("max_players" if sec.has("max_players") else "min_players",
                        f"players must be 2 to 8 with min <= max, found {rules.min_players}-{rules.max_players}")
    if rules.time_limit_minutes is not None and rules.time_limit_minutes > MAX_LIMIT_MINUTES:
        raise sec.error("time_limit_minutes", f"must be at most {MAX_LIMIT_MINUTES:,} (a week), "
                                              f"found {rules.time_limit_minutes:,}")
    if rules.jail_max_turns < 1:
        raise sec.error("jail_max_turns", "must be at least 1")
    if rules.doubles_to_jail < 1:
        raise sec.error("doubles_to_jail", "must be at least 1")
    if rules.building_sellback_percent > 100:
        raise sec.error("building_sellback_percent", "must be at most 100")


def rules_dir() -> Path:
    """configs/rules/ of the checkout."""
    return configs_dir() / "rules"


def available_rule_sets() -> list[str]:
    """Names of the rule sets shipped in configs/rules/."""
    return sorted(p.stem for p in rules_dir().glob("*.yaml"))


def load_rules(name_or_path: str | Path) -> Rules:
    """Load a rule set by name (configs/rules/NAME.yaml) or by path.

    Raises ConfigError naming the file, line and key at fault.
    """
    path = Path(name_or_path)
    if path.suffix not in (".yaml", ".yml"):
        path = rules_dir() / f"{name_or_path}.yaml"
        if not path.is_file():
            known = ", ".join(available_rule_sets())
            raise ConfigError(f"no rule set named {str(name_or_path)!r}; known: {known}")
    data = load_yaml(path)
    return rules_from_mapping(data, file=str(path))
