"""Bad configs give one clear error naming the file, the line and the key."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from monopoli_mc.errors import ConfigError
from monopoli_mc.rules.board import default_board_path, load_board
from monopoli_mc.rules.settings import Rules, available_rule_sets, load_rules, rules_dir, rules_from_mapping
from monopoli_mc.rules import yamlsource
from monopoli_mc.rules.yamlsource import load_yaml, load_yaml_text


def test_shipped_rule_sets_load() -> None:
    assert {"prom", "classic"} <= set(available_rule_sets())
    prom, classic = load_rules("prom"), load_rules("classic")
    assert prom.free_parking_jar and not classic.free_parking_jar
    assert classic == Rules(description=classic.description), "classic.yaml lists the official defaults"


def rules_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "custom.yaml"
    path.write_text(text)
    return path


@pytest.mark.parametrize("text, line, key, words", [
    ("name: x\nsalary: 200\njar_size: 5\n", 3, "jar_size", "unknown key"),
    ("name: x\nsalary: lots\n", 2, "salary", "expected a whole number"),
    ("name: x\nsalary: -5\n", 2, "salary", "at least 0"),
    ("name: x\nfree_parking_jar: 1\n", 2, "free_parking_jar", "true or false"),
    ("name: x\njar_feeds: [taxes, gifts]\n", 2, "jar_feeds", "unknown feed 'gifts'"),
    ("name: x\nmax_players: 9\n", 2, "max_players", "2 to 8"),
    ("name: x\nmax_rounds: 0\n", 2, "max_rounds", "at least 1"),
    ("name: x\nsalary: 1\nsalary: 2\n", 3, "salary", "duplicate key"),
])
def test_bad_rule_set(tmp_path: Path, text: str, line: int, key: str, words: str) -> None:
    path = rules_file(tmp_path, text)
    with pytest.raises(ConfigError) as info:
        load_rules(path)
    err = info.value
    assert (err.file, err.line, err.key) == (str(path), line, key)
    assert words in str(err) and str(err).startswith(f"{path}:{line}: {key}: ")


@pytest.mark.parametrize("text, hint", [
    ("name: x\nfoo: 1\n", "foo: unknown key; see configs/rules/classic.yaml for every setting"),
    ("name: x\njar_size: 5\n", "jar_size: unknown key (did you mean jar_seed?); see configs/rules/classic.yaml"),
    ("name: x\nsalery: 5\n", "(did you mean salary?)"),
])
def test_unknown_key_points_at_the_valid_settings(tmp_path: Path, text: str, hint: str) -> None:
    with pytest.raises(ConfigError) as info:
        load_rules(rules_file(tmp_path, text))
    assert hint in str(info.value)
    assert "known keys: name" not in str(info.value), "the keys of the file itself are no hint"


def test_classic_lists_every_setting() -> None:
    """The unknown-key error and the README send readers to classic.yaml for the full list."""
    listed = set(load_yaml(rules_dir() / "classic.yaml"))
    assert listed == {field.name for field in dataclasses.fields(Rules)}


def test_yaml_syntax_error_names_the_line(tmp_path: Path) -> None:
    path = rules_file(tmp_path, "name: x\nsalary: [1, 2\n")
    with pytest.raises(ConfigError, match=r"custom.yaml:\d+: not valid YAML"):
        load_rules(path)


def test_unknown_rule_set_name_lists_the_known_ones() -> None:
    with pytest.raises(ConfigError, match="no rule set named 'prm'; known: .*prom"):
        load_rules("prm")


def test_missing_file() -> None:
    with pytest.raises(ConfigError, match="nope.yaml: file not found"):
        load_rules("/tmp/nope.yaml")


def copy_board(tmp_path: Path) -> tuple[Path, Path]:
    src = default_board_path().parent
    for name in ("standard.yaml", "cards-us-2008.yaml"):
        shutil.copy(src / name, tmp_path / name)
    return tmp_path / "standard.yaml", tmp_path / "cards-us-2008.yaml"


def edit(path: Path, old: str, new: str) -> int:
    text = path.read_text()
    assert old in text
    line = text[:text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, new, 1))
    return line


@pytest.mark.parametrize("target, old, new, key, words", [
    ("cards", "to: Boardwalk}", "to: Broadwalk}", "chance[0].to", "no space named 'Broadwalk'"),
    ("cards", "effect: collect, amount: 50}", "effect: collect, amount: fifty}", "chance[7].amount",
     "expected a whole number"),
    ("cards", "effect: pay, amount: 15}", "effect: pay, amount: 15, colour: red}", "chance[12].colour", "unknown key"),
    ("cards", "{title: Advance to Boardwalk,", "{title: Advance to Boardwalk and then keep walking on,",
     "chance[0].title", "at most 32 characters"),
    ("cards", "effect: go_to_jail}", "effect: go_to_prison}", "chance[10].effect", "must be one of"),
    ("board", "group: brown, price: 60, rent: [2,", "group: beige, price: 60, rent: [2,", "spaces[1].group",
     "no group named 'beige'"),
    ("board", "price: 60, rent: [2, 10, 30, 90, 160, 250]", "price: 60, rent: [2, 10, 30]", "spaces[1].rent",
     "needs 6 rents"),
    ("board", "  - {kind: jail, name: Jail}", "  - {kind: prison, name: Jail}", "spaces[10].kind", "must be one of"),
    ("board", "name: Standard (US)", 'bank: "Bank \\"2\\""\nname: Standard (US)', "bank",
     "use 1-20 letters and spaces"),
])
def test_bad_board_or_deck(tmp_path: Path, target: str, old: str, new: str, key: str, words: str) -> None:
    board, cards = copy_board(tmp_path)
    path = cards if target == "cards" else board
    line = edit(path, old, new)
    with pytest.raises(ConfigError) as info:
        load_board(board)
    err = info.value
    assert (err.file, err.key) == (str(path), key) and words in str(err)
    assert err.line == line


def test_empty_group_is_an_error(tmp_path: Path) -> None:
    board, _ = copy_board(tmp_path)
    line = edit(board, "  utility:", "  purple:     {kind: street, house_cost: 10}\n  utility:")
    with pytest.raises(ConfigError, match="empty group") as info:
        load_board(board)
    assert info.value.line == line and info.value.key == "groups.purple"


def test_empty_deck_is_an_error(tmp_path: Path) -> None:
    board, cards = copy_board(tmp_path)
    text = cards.read_text()
    cards.write_text(text[:text.index("community_chest:")] + "community_chest: []\n")
    with pytest.raises(ConfigError, match="community_chest: empty deck"):
        load_board(board)


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=60))
def test_any_text_is_a_config_error_or_loads(text: str) -> None:
    """Hostile text never escapes as anything but a ConfigError."""
    try:
        data = load_yaml_text(text, "fuzz.yaml")
        rules_from_mapping(data, file="fuzz.yaml")
    except ConfigError as err:
        assert str(err).startswith("fuzz.yaml")


def _parsed(parse, text: str) -> Any:  # type: ignore[no-untyped-def]
    """What a parse gives, lines included: the value with every mapping's and list's lines, or the error."""
    def located(value: Any) -> Any:
        if isinstance(value, dict):
            return value.line, value.key_lines, [(k, located(v)) for k, v in value.items()]
        if isinstance(value, list):
            return value.line, value.item_lines, [located(v) for v in value]
        return type(value), value
    try:
        return located(parse(text))
    except ConfigError as err:
        return str(err)


_SHIPPED = sorted(p.read_text() for p in rules_dir().parent.glob("**/*.yaml"))
_YAML_CHARACTERS = " \n\r:-#'\"[]{},&*!|>%@`?\\\t\x85\u2028\ufeffx0"


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(_SHIPPED), st.lists(st.tuples(st.floats(0, 1), st.integers(0, 6),
                                                    st.text(_YAML_CHARACTERS, max_size=3)), max_size=4))
def test_libyaml_reads_every_text_as_the_pure_parser_does(text: str, edits: list[tuple[float, int, str]]) -> None:
    """load_yaml_text (libyaml first) gives the pure parser's values, lines and errors, on the
    shipped configs and on them with characters cut out or put in."""
    for at, cut, put in edits:
        i = int(at * len(text))
        text = text[:i] + put + text[i + cut:]
    pure = _parsed(lambda t: yamlsource._parse(yamlsource._Loader, t, "f.yaml"), text)
    assert _parsed(lambda t: load_yaml_text(t, "f.yaml"), text) == pure


@pytest.mark.parametrize("text", ["a: 1\n\ufeff# c\nb: 2\n", "a: 1\n\ufeffb: 2\n", "\ufeffa: 1\n"])
def test_a_byte_order_mark_inside_the_text_is_read_as_the_pure_parser_does(text: str) -> None:
    """libyaml skips a byte-order mark at a line's start where the pure parser reads a key's first
    character (found by the test above)."""
    pure = _parsed(lambda t: yamlsource._parse(yamlsource._Loader, t, "f.yaml"), text)
    assert _parsed(lambda t: load_yaml_text(t, "f.yaml"), text) == pure


def test_readme_example_is_the_real_jackpot_file() -> None:
    """The README shows configs/rules/jackpot.yaml as it is, so its line numbers hold."""
    readme = (rules_dir().parent.parent / "README.md").read_text()
    shown = readme.split("`configs/rules/jackpot.yaml`:\n\n```yaml\n", 1)[1].split("```\n", 1)[0]
    assert shown == (rules_dir() / "jackpot.yaml").read_text()


def test_no_setting_is_past_what_a_score_holds(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from monopoli_mc.errors import ConfigError
    from monopoli_mc.rules.settings import load_rules
    path = tmp_path / "rich.yaml"
    path.write_text("name: rich\nstarting_cash: 3000000000\n")
    with pytest.raises(ConfigError, match=r"rich.yaml:2: starting_cash: must be at most 2,147,483,647 "
                                          r"\(the most a Minecraft score holds\), found 3,000,000,000"):
        load_rules(path)
