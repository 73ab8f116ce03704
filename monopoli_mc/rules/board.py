"""The board and the decks as frozen values, loaded and validated from YAML."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from monopoli_mc.errors import ConfigError
from monopoli_mc.operator_input import NotAFile, read_file
from monopoli_mc.rules.yamlsource import Section, read_yaml

SPACE_KINDS = ("go", "street", "railroad", "utility", "chance", "community_chest",
               "tax", "jail", "free_parking", "go_to_jail")
DEED_KINDS = ("street", "railroad", "utility")
TAX_KINDS = ("income", "luxury")
CARD_EFFECTS = ("advance", "advance_nearest", "back", "collect", "pay", "collect_each",
                "pay_each", "repairs", "get_out_of_jail", "go_to_jail")
DECKS = ("chance", "community_chest")
ROLE_DECKS = ("competitor", "monopolist")  # card_decks: role - each player draws from their side's deck
MAX_BOOK_TITLE = 32  # vanilla refuses a written book title longer than this


@dataclass(frozen=True)
class Group:
    """A colour group, the railroads or the utilities."""

    name: str
    kind: str  # street | railroad | utility
    color: str
    house_cost: int = 0
    rent: tuple[int, ...] = ()  # railroads: rent by number owned
    dice_multiplier: tuple[int, ...] = ()  # utilities: dice multiplier by number owned
    # Anti-Monopoly: a monopolist's railroad rents or utility multipliers (empty: the same as above)
    monopoly_rent: tuple[int, ...] = ()
    monopoly_dice_multiplier: tuple[int, ...] = ()
    spaces: tuple[int, ...] = ()


@dataclass(frozen=True)
class Space:
    """One of the board's spaces."""

    index: int
    kind: str
    name: str
    group: str | None = None
    price: int = 0
    rent: tuple[int, ...] = ()  # streets: unimproved, 1-4 houses, hotel
    tax: str | None = None
    monopoly_rent: tuple[int, ...] = ()  # Anti-Monopoly: a monopolist's rent, unimproved, 1-3 houses, apartment

    @property
    def is_deed(self) -> bool:
        """Whether the space is a property that can be owned."""
        return self.kind in DEED_KINDS

    @property
    def mortgage_value(self) -> int:
        """Half the printed price."""
        return self.price // 2


@dataclass(frozen=True)
class Card:
    """A Chance or Community Chest card with its effect as data."""

    deck: str
    index: int
    title: str
    text: str
    effect: str
    to: int | None = None  # advance: target space
    target_kind: str | None = None  # advance_nearest: railroad | utility
    rent_multiplier: int = 1
    dice_multiplier: int = 0
    spaces: int = 0  # back
    amount: int = 0
    house: int = 0
    hotel: int = 0


@dataclass(frozen=True)
class Board:
    """Spaces, groups and decks of one board."""

    name: str
    spaces: tuple[Space, ...]
    groups: dict[str, Group] = field(hash=False)
    decks: dict[str, tuple[Card, ...]] = field(hash=False)
    source: str = ""
    card_decks: str = "space"  # space: the deck named by the space; role: the player's side's deck
    bank: str = "bank"  # what the bank is called: "Treasury" in Anti-Monopoly

    def space_named(self, name: str) -> Space:
        """The space with this exact name (first one if several share it)."""
        for space in self.spaces:
            if space.name == name:
                return space
        raise KeyError(name)

    @property
    def jail(self) -> int:
        """Index of the jail space."""
        return next(s.index for s in self.spaces if s.kind == "jail")

    @property
    def deeds(self) -> tuple[Space, ...]:
        """Every ownable space."""
        return tuple(s for s in self.spaces if s.is_deed)


_BANK_NAME = re.compile(r"[A-Za-z][A-Za-z ]{0,19}")
# by path: the board made last, and each file it was made from with the bytes parsed (`load_board`)
_MADE: dict[str, tuple[tuple[tuple[Path, bytes], ...], Board]] = {}


def load_board(path: Path | str) -> Board:
    """Load and validate a board file and the decks it names.

    Raises ConfigError naming the file, line and key of the first problem. A board is a value made from
    its two files' bytes alone, so the one made last from a path is given again while both files hold
    the bytes it was made from: a test or a tool that loads one board hundreds of times reads the files
    but parses them once. Any change to either file, or one that cannot be read, loads anew.
    """
    path = Path(path)
    kept = _MADE.get(str(path))
    if kept is not None and all(_bytes(file) == data for file, data in kept[0]):
        return kept[1]
    board, read = _load_board(path)
    _MADE[str(path)] = (read, board)
    return board


def _bytes(path: Path) -> bytes | None:
    """A file's bytes, None if it cannot be read (then the board is loaded anew, and says why)."""
    try:
        return read_file(path)
    except (OSError, NotAFile):
        return None


def _load_board(path: Path) -> tuple[Board, tuple[tuple[Path, bytes], ...]]:
    """The board, and each file it was made from with the bytes parsed."""
    parsed, data = read_yaml(path)
    top = Section(parsed, file=str(path))
    name = top.get("name", str)
    groups_sec = top.section("groups")
    groups_raw: dict[str, tuple[Section, dict[str, Any]]] = {}
    for gname in groups_sec.data:
        gsec = groups_sec.section(gname)
        kind = gsec.choice("kind", DEED_KINDS)
        info: dict[str, Any] = {"kind": kind, "color": gsec.get("color", str, "white")}
        if kind == "street":
            info["house_cost"] = gsec.int("house_cost", minimum=1)
        else:
            key = "rent" if kind == "railroad" else "dice_multiplier"
            info[key] = _int_list(gsec, key)
            if gsec.has("monopoly_" + key):
                info["monopoly_" + key] = _int_list(gsec, "monopoly_" + key)
                if len(info["monopoly_" + key]) != len(info[key]):
                    raise gsec.error("monopoly_" + key, f"needs as many values as {key} ({len(info[key])})")
        gsec.finish()
        groups_raw[gname] = (gsec, info)
    spaces: list[Space] = []
    for index, item, line in top.items_of("spaces"):
        spaces.append(_load_space(item, index, line, str(path), groups_raw))
    if not spaces:
        raise top.error("spaces", "the board has no spaces")
    if sum(1 for s in spaces if s.kind == "jail") != 1:
        raise top.error("spaces", "the board needs exactly one jail space")
    if spaces[0].kind != "go":
        raise top.error("spaces", f"the first space must be GO, found {spaces[0].kind!r}")
    groups: dict[str, Group] = {}
    for gname, (gsec, info) in groups_raw.items():
        members = tuple(s.index for s in spaces if s.group == gname)
        if not members:
            raise groups_sec.error(gname, "empty group: no space belongs to it")
        limit = len(info.get("rent") or info.get("dice_multiplier") or ())
        if info["kind"] != "street" and limit < len(members):
            key = "rent" if info["kind"] == "railroad" else "dice_multiplier"
            raise gsec.error(key, f"needs one value per owned count, up to {len(members)}")
        groups[gname] = Group(name=gname, spaces=members, **info)
    decks_file = top.get("decks", str)
    card_decks = top.choice("card_decks", ("space", "role"), "space")
    bank = top.get("bank", str, "bank")
    if not _BANK_NAME.fullmatch(bank):
        raise top.error("bank", f"use 1-20 letters and spaces, e.g. Treasury; found {bank!r}")
    top.finish()
    decks_path = path.parent / decks_file
    decks, deck_data = _load_decks(decks_path, spaces, DECKS if card_decks == "space" else ROLE_DECKS)
    board = Board(name=name, spaces=tuple(spaces), groups=groups, decks=decks, source=str(path),
                  card_decks=card_decks, bank=bank)
    return board, ((path, data), (decks_path, deck_data))


def _int_list(sec: Section, key: str) -> tuple[int, ...]:
    values = sec.get(key, list)
    if not values or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in values):
        raise sec.error(key, f"expected a list of whole numbers, found {values!r}")
    return tuple(values)


def _load_space(item: Any, index: int, line: int | None, file: str,
                groups: dict[str, tuple[Section, dict[str, Any]]]) -> Space:
    sec = Section(item, file=file, line=line, path=f"spaces[{index}]")
    kind = sec.choice("kind", SPACE_KINDS)
    name = sec.get("name", str)
    group = price = None
    rent: tuple[int, ...] = ()
    monopoly_rent: tuple[int, ...] = ()
    tax = None
    if kind in DEED_KINDS:
        group = sec.get("group", str)
        if group not in groups:
            raise sec.error("group", f"no group named {group!r}")
        if groups[group][1]["kind"] != kind:
            raise sec.error("group", f"group {group!r} is for {groups[group][1]['kind']} spaces, not {kind}")
        price = sec.int("price", minimum=1)
        if kind == "street":
            rent = _int_list(sec, "rent")
            if len(rent) != 6:
                raise sec.error("rent", f"a street needs 6 rents (unimproved, 1-4 houses, hotel), found {len(rent)}")
            if sec.has("monopoly_rent"):
                monopoly_rent = _int_list(sec, "monopoly_rent")
                if len(monopoly_rent) != 5:
                    raise sec.error("monopoly_rent", "a monopoly rent needs 5 values (unimproved, 1-3 houses, "
                                                     f"apartment), found {len(monopoly_rent)}")
    elif kind == "tax":
        tax = sec.choice("tax", TAX_KINDS)
    sec.finish()
    return Space(index=index, kind=kind, name=name, group=group, price=price or 0, rent=rent, tax=tax,
                 monopoly_rent=monopoly_rent)


def _load_decks(path: Path, spaces: list[Space], deck_names: tuple[str, ...]) -> tuple[dict[str, tuple[Card, ...]], bytes]:
    """The decks (Chance and Community Chest, or one per side), every card's effect checked, and the
    file's bytes parsed."""
    parsed, data = read_yaml(path)
    top = Section(parsed, file=str(path))
    names = {s.name: s.index for s in spaces}
    decks: dict[str, tuple[Card, ...]] = {}
    for deck in deck_names:
        cards = [_load_card(item, deck, i, line, str(path), names, spaces)
                 for i, item, line in top.items_of(deck)]
        if not cards:
            raise top.error(deck, "empty deck")
        decks[deck] = tuple(cards)
    top.finish()
    return decks, data


def _load_card(item: Any, deck: str, index: int, line: int | None, file: str,
               names: dict[str, int], spaces: list[Space]) -> Card:
    sec = Section(item, file=file, line=line, path=f"{deck}[{index}]")
    title = sec.get("title", str)
    if len(title) > MAX_BOOK_TITLE:
        raise sec.error("title", f"a book title has at most {MAX_BOOK_TITLE} characters, "
                                 f"{title!r} has {len(title)}")
    text = sec.get("text", str)
    effect = sec.choice("effect", CARD_EFFECTS)
    fields: dict[str, Any] = {}
    if effect == "advance":
        to = sec.get("to", str)
        if to not in names:
            raise sec.error("to", f"no space named {to!r} on the board")
        fields["to"] = names[to]
    elif effect == "advance_nearest":
        kind = sec.choice("kind", ("railroad", "utility"))
        if not any(s.kind == kind for s in spaces):
            raise sec.error("kind", f"the board has no {kind}")
        fields["target_kind"] = kind
        fields["rent_multiplier"] = sec.int("rent_multiplier", 1, minimum=1)
        fields["dice_multiplier"] = sec.int("dice_multiplier", 0)
    elif effect == "back":
        fields["spaces"] = sec.int("spaces", minimum=1)
    elif effect in ("collect", "pay", "collect_each", "pay_each"):
        fields["amount"] = sec.int("amount")
    elif effect == "repairs":
        fields["house"] = sec.int("house")
        fields["hotel"] = sec.int("hotel")
    sec.finish()
    return Card(deck=deck, index=index, title=title, text=text, effect=effect, **fields)


def default_board_path() -> Path:
    """The standard board shipped in configs/boards/."""
    return board_path("standard")


def board_path(name: str) -> Path:
    """The file of a board named in a rule set (configs/boards/NAME.yaml), or a path as given."""
    if name.endswith((".yaml", ".yml")):
        return Path(name)
    return configs_dir() / "boards" / f"{name}.yaml"


def configs_dir() -> Path:
    """The project's configs/ folder (beside the package in a checkout)."""
    here = Path(__file__).resolve().parent.parent.parent / "configs"
    if not here.is_dir():
        raise ConfigError("configs/ folder not found next to the monopoli_mc package", file=str(here))
    return here
