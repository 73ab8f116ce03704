"""The operator's numbers (issue 29): `monopoli admin` arguments and options take the digits 0-9 alone, in
their range; whatever else Python's `int()` or `float()` would read (`1_000`, ` 5`, `+5`, `٥`, `5.0`, `1e3`)
is refused with one line saying what is accepted, before anything is asked of the database. Issue 33: every
parameter of every command, found in the click command tree, follows it, and every path is a regular file."""

from __future__ import annotations

import math
import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import click
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from monopoli_mc.cli import cli, main
from monopoli_mc.cli.admin import WAIT
from monopoli_mc.cli.options import FilePath, OperatorNumber
from monopoli_mc.operator_input import (AMOUNT, SCORE_MAX, SPACE, Address, Duration, Measure, NotAccepted, Several,
                                        Whole)

# Decimal digits of other scripts, which str.isdigit() and int() take: Arabic-Indic, Extended Arabic-Indic,
# Devanagari, Bengali, Thai, fullwidth, mathematical bold.
ZEROS = (0x660, 0x6F0, 0x966, 0x9E6, 0xE50, 0xFF10, 0x1D7CE)
SPACES = (" ", "\t", "\n", "\u00a0", "\u2003", "\u3000")  # all stripped by int()


@st.composite
def int_only(draw: st.DrawFn, whole: Whole) -> str:
    """A spelling of a number in range that int() or float() reads and the operator's rule does not."""
    n = draw(st.integers(max(whole.low, 1), min(whole.high, 10**9)))
    plain = str(n)
    how = draw(st.sampled_from(["underscore", "space", "plus", "script", "point", "exponent"]))
    if how == "underscore" and len(plain) > 1:
        at = draw(st.integers(1, len(plain) - 1))
        text = plain[:at] + "_" + plain[at:]
    elif how in ("space", "underscore"):
        pad = draw(st.sampled_from(SPACES))
        text = draw(st.sampled_from([pad + plain, plain + pad, pad + plain + pad]))
    elif how == "plus":
        text = "+" + plain
    elif how == "script":
        zero = draw(st.sampled_from(ZEROS))
        mask = draw(st.lists(st.booleans(), min_size=len(plain), max_size=len(plain)).filter(any))
        text = "".join(chr(zero + int(d)) if other else d for d, other in zip(plain, mask))
    elif how == "point":
        text = plain + draw(st.sampled_from([".0", ".", ".00"]))
    else:
        text = f"{plain}e0" if n % 10 else f"{plain[:-1]}e1"
    read = float(text) if how in ("point", "exponent") else int(text)
    assert read == n  # Python reads it: only the operator's rule refuses it
    return text


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_int_only_spellings_are_refused_with_one_line(data: st.DataObject) -> None:
    whole = data.draw(st.sampled_from([AMOUNT, SPACE, WAIT]))
    text = data.draw(int_only(whole))
    with pytest.raises(NotAccepted) as err:
        whole.read(text)
    assert str(err.value) == f"{whole.what} is {whole.accepted()}, not {text!r}"
    assert "\n" not in str(err.value)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_every_plain_decimal_in_range_is_taken_and_none_outside(data: st.DataObject) -> None:
    whole = data.draw(st.sampled_from([AMOUNT, SPACE, WAIT]))
    n = data.draw(st.integers(whole.low, whole.high))
    assert whole.read(str(n)) == n
    assert whole.read("0" + str(n)) == n  # leading zeros are still the digits 0-9 alone
    outside = data.draw(st.one_of(st.integers(max_value=whole.low - 1), st.integers(min_value=whole.high + 1)))
    with pytest.raises(NotAccepted, match="in the digits 0-9 alone, not "):
        whole.read(str(outside))


def test_a_thousand_digits_are_out_of_range_not_a_crash() -> None:
    with pytest.raises(NotAccepted):
        AMOUNT.read("9" * 5000)  # int() itself would refuse past 4300 digits with a ValueError
    assert AMOUNT.read("0" * 5000 + "7") == 7


def _admin(capsys: pytest.CaptureFixture[str], db: Path, *args: str) -> tuple[int | str | None, str]:
    with pytest.raises(SystemExit) as exit_:
        main(["admin", *args, "--db", str(db)])
    out, err = capsys.readouterr()
    assert out == ""
    return exit_.value.code, err


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_admin_refuses_them_in_one_line_before_asking(tmp_path_factory: pytest.TempPathFactory,
                                                      capsys: pytest.CaptureFixture[str], data: st.DataObject) -> None:
    db = tmp_path_factory.getbasetemp() / "no-such.db"  # never reached: the number is read first
    where = data.draw(st.sampled_from(["pay", "fine", "move", "give-deed", "--wait", "--give", "--get-cash"]))
    whole = {"pay": AMOUNT, "fine": AMOUNT, "move": SPACE, "give-deed": SPACE, "--wait": WAIT,
             "--give": SPACE, "--get-cash": Whole("--get-cash", 0, SCORE_MAX, "dollars")}[where]
    text = data.draw(int_only(whole))
    if where.startswith("-"):
        command = "trade" if where != "--wait" else "pay"
        args = ["trade", "Alex", "Sam"] if command == "trade" else ["pay", "Alex", "5"]
        args += [where, text]
        line = f"error: {command}: {where} is {whole.accepted()}, not {text!r}\n"
    else:
        args = [where, "Alex", text]
        line = f"error: {where}: {whole.what} is {whole.accepted()}, not {text!r}\n"
    assert _admin(capsys, db, *args) == (1, line)


def test_admin_takes_a_plain_number_and_goes_on_to_the_database(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "none.db"
    for args in (["pay", "Alex", "1000", "--wait", "3600"], ["move", "Alex", "0"], ["give-deed", "Alex", "39"],
                 ["trade", "Alex", "Sam", "--give", "1", "--get-cash", "0", "--give-cards", "1"]):
        code, err = _admin(capsys, db, *args)
        assert (code, err) == (1, f"error: no game database at {str(db)!r}: give the --db of monopoli run\n")


def test_a_negative_amount_names_the_other_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _admin(capsys, tmp_path / "none.db", "pay", "Kai", "-5") == (1, (
        f"error: pay: the amount is {AMOUNT.accepted()}, not '-5' (to take money from Kai: "
        "monopoli admin fine Kai 5)\n"))
    assert _admin(capsys, tmp_path / "none.db", "status", "--wait", "-1") == (1, (
        f"error: status: --wait is {WAIT.accepted()}, not '-1'\n"))


@pytest.mark.parametrize("option, text, accepted", [
    ("--start-at", "+3", "a whole number from 2 to 8, in the digits 0-9 alone"),
    ("--start-at", "٣", "a whole number from 2 to 8, in the digits 0-9 alone"),
    ("--start-at", "9", "a whole number from 2 to 8, in the digits 0-9 alone"),
    ("--seed", "1_0", "a whole number from 0 to 9223372036854775807, in the digits 0-9 alone"),
])
def test_run_reads_its_whole_numbers_by_the_same_rule(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                      option: str, text: str, accepted: str) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["run", "--db", str(tmp_path / "night.db"), option, text])
    assert (exit_.value.code, capsys.readouterr()) == (1, ("", f"error: run: {option} is {accepted}, not {text!r}\n"))
    assert list(tmp_path.iterdir()) == []  # refused before anything: no database was made


POLL = Measure("--poll", 0.001, 60, "seconds")
BUSY = Measure("--tick-busy-ms", 0, 1000, "milliseconds")


@st.composite
def float_only(draw: st.DrawFn, measure: Measure) -> str:
    """A spelling that float() reads and the operator's rule does not (in range where it reads as a number)."""
    n = draw(st.integers(max(int(measure.low) + 1, 1), int(measure.high)))
    plain = str(n)
    how = draw(st.sampled_from(["named", "underscore", "space", "plus", "script", "exponent", "bare point"]))
    if how == "named":
        return draw(st.sampled_from(["nan", "NaN", "inf", "-inf", "Infinity", "+nan"]))
    if how == "underscore" and len(plain) > 1:
        return plain[:1] + "_" + plain[1:]
    if how in ("space", "underscore"):
        return draw(st.sampled_from(SPACES)) + plain
    if how == "plus":
        return "+" + plain
    if how == "script":
        return "".join(chr(0x660 + int(d)) for d in plain)
    if how == "exponent":
        return f"{plain}e0"
    return draw(st.sampled_from([plain + ".", "." + plain]))


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_fractional_options_refuse_what_only_float_reads(data: st.DataObject) -> None:
    measure = data.draw(st.sampled_from([POLL, BUSY]))
    text = data.draw(float_only(measure))
    float(text)  # Python reads it: only the operator's rule refuses it
    with pytest.raises(NotAccepted) as err:
        measure.read(text)
    assert str(err.value) == f"{measure.what} is {measure.accepted()}, not {text!r}"


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_fractional_options_take_every_plain_decimal_in_range(data: st.DataObject) -> None:
    measure = data.draw(st.sampled_from([POLL, BUSY]))
    whole = data.draw(st.integers(0, int(measure.high)))
    fraction = data.draw(st.text("0123456789", min_size=1, max_size=6))
    text = f"{whole}.{fraction}"
    if measure.low <= float(text) <= measure.high:
        assert measure.read(text) == float(text)
        if whole >= measure.low:
            assert measure.read(str(whole)) == whole
    else:
        with pytest.raises(NotAccepted):
            measure.read(text)
    with pytest.raises(NotAccepted):
        measure.read("9" * 5000)  # out of range without asking float() for a thousand digits


@pytest.mark.parametrize("command, option, text, accepted", [
    ("run", "--poll", "nan", "a number of seconds from 0.001 to 60, in the digits 0-9 with at most one point"),
    ("run", "--auction-quiet", "1_0", "a number of seconds from 0.01 to 3600, in the digits 0-9 with at most one point"),
    ("run", "--walk-wait", "inf", "a number of seconds from 0 to 3600, in the digits 0-9 with at most one point"),
    ("demo", "--players", "9", "a whole number from 2 to 8, in the digits 0-9 alone"),
    ("demo", "--seed", "1_0", "a whole number from 0 to 9223372036854775807, in the digits 0-9 alone"),
    ("demo", "--speed", "1e1", "a number from 0.1 to 100, in the digits 0-9 with at most one point"),
    ("demo", "--max-rounds", " 5", "a whole number from 1 to 1000000, in the digits 0-9 alone"),
    ("simulate", "--games", "0", "a whole number from 1 to 1000000000, in the digits 0-9 alone"),
    ("simulate", "--seconds-per-throw", "nan", "a number of seconds from 0.001 to 3600, in the digits 0-9 with at "
                                               "most one point"),
    ("sandbox", "--port", "70000", "a whole number from 0 to 65535, in the digits 0-9 alone"),
    ("sandbox", "--tick-busy-ms", "-5", "a number of milliseconds from 0 to 1000, in the digits 0-9 with at most "
                                        "one point"),
    ("doctor", "--spawn-protection", "+16", f"a whole number of blocks from 0 to {SCORE_MAX}, in the digits 0-9 alone"),
])
def test_every_commands_numbers_are_read_by_the_same_rule(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                         command: str, option: str, text: str, accepted: str) -> None:
    with pytest.raises(SystemExit) as exit_:
        main([command, option, text])
    code, (out, err) = exit_.value.code, capsys.readouterr()
    assert (code, out) == (1, "")
    assert err.startswith(f"error: {command}: {option} is {accepted}") and err.endswith(f", not {text!r}\n"), err


# Every parameter of every command (issue 33, point 9), read from the click command tree itself: a numeric one
# needs a case below, a path one is tried with a FIFO, a device and a folder, and a text one is listed as text.
# A parameter added another way (`type=int`, `default=5` without a type, `click.Path`, a number parsed in the
# body of a text option) fails `test_every_parameter_of_every_command_is_known` until it follows cli/options.py.

def _tree() -> list[tuple[tuple[str, ...], click.Parameter]]:
    """(command path, parameter) for every parameter of every command, `admin pay` and the like included."""
    found: list[tuple[tuple[str, ...], click.Parameter]] = []

    def walk(command: click.Command, path: tuple[str, ...]) -> None:
        if isinstance(command, click.Group):
            ctx = click.Context(command)
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                assert sub is not None
                walk(sub, (*path, name))
            return
        found.extend((path, param) for param in command.params)

    walk(cli, ())
    return found


ARGUMENTS = {"player": "Alex", "giver": "Alex", "receiver": "Sam", "amount": "5", "space": "5"}  # a valid value each
# (command, parameter) -> a spelling the rule takes. Admin's AMOUNT and SPACE are text arguments read by
# `typed_number`, with AMOUNT's hint for a minus sign.
NUMBERS: dict[tuple[str, str], str] = {
    **{(f"admin {c}", "--wait"): "10" for c in ("bankrupt", "crown", "end", "final", "fine", "give-deed", "kick",
                                                 "move", "pause", "pay", "resume", "seat", "start", "status", "sync",
                                                 "trade", "undo", "unseat")},
    ("admin final", "--players"): "4",
    ("admin pay", "amount"): "100", ("admin fine", "amount"): "50", ("admin move", "space"): "24",
    ("admin give-deed", "space"): "39", ("admin trade", "--give"): "39", ("admin trade", "--get"): "1",
    ("admin trade", "--give-cash"): "0", ("admin trade", "--get-cash"): "500", ("admin trade", "--give-cards"): "1",
    ("admin trade", "--get-cards"): "0",
    ("demo", "--players"): "4", ("demo", "--seed"): "3", ("demo", "--speed"): "2.5", ("demo", "--max-rounds"): "150",
    ("demo", "--web"): "8080",
    ("doctor", "--spawn-protection"): "16",
    ("run", "--seed"): "7", ("run", "--start-at"): "3", ("run", "--auction-quiet"): "8", ("run", "--auction-first"): "20",
    ("run", "--walk-wait"): "0", ("run", "--poll"): "0.05", ("run", "--time-limit"): "1h30m", ("run", "--web"): "127.0.0.1:8080",
    ("sandbox", "--port"): "25575", ("sandbox", "--tick-busy-ms"): "40", ("sandbox", "--pause-when-empty-seconds"): "60",
    ("sandbox", "--spawn-protection"): "0",
    ("simulate", "--players"): "3,4", ("simulate", "--games"): "100", ("simulate", "--seed"): "7", ("simulate", "--jobs"): "0",
    ("simulate", "--max-rounds"): "30", ("simulate", "--seconds-per-throw"): "25", ("simulate", "--slot"): "2h",
}
TEXT = {"--board", "--rules", "--minecraft", "--host", "--version", "player", "giver", "receiver"}  # names, not numbers
RULE_OF_ARGUMENT = {"amount": AMOUNT, "space": SPACE}


def _opt(param: click.Parameter) -> str:
    return param.opts[0] if isinstance(param, click.Option) else param.name or ""


def _rule(param: click.Parameter) -> Whole | Measure | Duration | Address | Several:
    if isinstance(param.type, OperatorNumber):
        return replace(param.type.rule, what=_opt(param))
    return RULE_OF_ARGUMENT[param.name or ""]


def _numeric(path: tuple[str, ...], param: click.Parameter) -> bool:
    return isinstance(param.type, OperatorNumber) or (" ".join(path), _opt(param)) in NUMBERS


def test_every_parameter_of_every_command_is_known() -> None:
    numeric, unknown = set(), []
    for path, param in _tree():
        key = (" ".join(path), _opt(param))
        if _numeric(path, param):
            numeric.add(key)
        elif isinstance(param.type, FilePath) or isinstance(param.type, click.Choice):
            continue
        elif isinstance(param, click.Option) and param.is_flag:
            continue
        elif isinstance(param.type, click.types.StringParamType) and _opt(param) in TEXT:
            continue
        else:  # click.INT, FLOAT, IntRange, click.Path, a text option not listed: declare it as cli/options.py says
            unknown.append((key, param.type))
    assert unknown == []
    assert numeric == set(NUMBERS), "a numeric parameter without a case in NUMBERS, or a case for none"


def test_every_numeric_parameter_takes_its_case_and_has_an_upper_bound() -> None:
    for path, param in _tree():
        key = (" ".join(path), _opt(param))
        if not _numeric(path, param):
            continue
        rule = _rule(param)
        assert rule.read(NUMBERS[key]) is not None
        high = rule.item.high if isinstance(rule, Several) else 65535 if isinstance(rule, Address) else rule.high
        assert math.isfinite(high) and high <= 2**63, key
        assert rule.what in rule.refusal("x") and "\n" not in rule.refusal("x")


SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹"  # str.isdigit() takes them and int() does not: run --web ² was a traceback


def _scripted(draw: st.DrawFn, plain: str) -> str:
    """`plain` with at least one of its digits in another script (or a superscript)."""
    digits = [i for i, c in enumerate(plain) if c.isdigit()]
    changed = set(draw(st.lists(st.sampled_from(digits), min_size=1, unique=True)))
    zero = draw(st.sampled_from(ZEROS))
    other = (lambda d: SUPERSCRIPTS[int(d)]) if draw(st.booleans()) else (lambda d: chr(zero + int(d)))
    return "".join(other(c) if i in changed else c for i, c in enumerate(plain))


@st.composite
def hostile(draw: st.DrawFn, rule: Whole | Measure | Duration | Address | Several) -> str:
    """A spelling the rule must refuse: another script's digits, spaces around, a sign, out of range, …"""
    if isinstance(rule, Several):
        bad = draw(hostile(rule.item))
        return draw(st.sampled_from([bad, f"{rule.item.low},{bad}", f"{bad},{rule.item.high}"]))
    if isinstance(rule, Address):
        port = str(draw(st.integers(1, 65535)))
        how = draw(st.sampled_from(["script", "space", "plus", "high", "empty"]))
        bad = {"script": _scripted(draw, port), "space": draw(st.sampled_from(SPACES)) + port, "plus": "+" + port,
               "high": str(draw(st.integers(65536, 10**9))), "empty": ""}[how]
        return draw(st.sampled_from([bad, f"127.0.0.1:{bad}", f":{bad}"]))
    if isinstance(rule, Duration):
        minutes = draw(st.integers(1, rule.high // 60))
        plain = draw(st.sampled_from([f"{minutes}m", str(minutes), f"{minutes // 60}h{minutes % 60}m"]))
        how = draw(st.sampled_from(["script", "space", "upper", "plus", "fraction", "high"]))
        return {"script": _scripted(draw, plain), "space": draw(st.sampled_from(SPACES)) + plain,
                "upper": plain.upper() + ("M" if plain.isdigit() else ""), "plus": "+" + plain,
                "fraction": f"{minutes}.5m", "high": f"{rule.high // 60 + draw(st.integers(1, 10**6))}m"}[how]
    how = draw(st.sampled_from(["python", "script", "high"]))
    if how == "high":
        return str(int(rule.high) + draw(st.integers(1, 10**6)))
    if how == "script":
        return _scripted(draw, str(draw(st.integers(int(math.ceil(rule.low)), int(rule.high)))))
    return draw(int_only(rule) if isinstance(rule, Whole) else float_only(rule))


def _argv(path: tuple[str, ...], command: click.Command, param: click.Parameter, text: str) -> list[str]:
    """The command line that gives `text` to `param`, every required argument given a valid value."""
    args = [ARGUMENTS[p.name or ""] if p is not param else text
            for p in command.params if isinstance(p, click.Argument)]
    if isinstance(param, click.Option):
        args += [_opt(param), text]
    return [*path, *args]


def _command(path: tuple[str, ...]) -> click.Command:
    command: click.Command = cli
    for name in path:
        assert isinstance(command, click.Group)
        found = command.get_command(click.Context(command), name)
        assert found is not None
        command = found
    return command


@contextmanager
def _deadline(seconds: float) -> Iterator[None]:
    """Fail instead of hanging: an open() of a FIFO that waits for ever is interrupted."""
    def expired(_sig: int, _frame: object) -> None:
        raise TimeoutError(f"still running after {seconds}s: a hang")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _refused(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """The one line `monopoli ARGV` printed, having checked it is one line, exit 1, no traceback, quickly."""
    with _deadline(5), pytest.raises(SystemExit) as exit_:
        main(argv)
    out, err = capsys.readouterr()
    assert (exit_.value.code, out) == (1, ""), (argv, err)
    assert err.startswith("error: ") and err.endswith("\n") and err.count("\n") == 1, (argv, err)
    assert "Traceback" not in err
    return err.removesuffix("\n")


NUMERIC_PARAMS = sorted(NUMBERS)


@pytest.mark.long(seconds=3)
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_hostile_spellings_of_every_numeric_parameter_are_one_line(capsys: pytest.CaptureFixture[str],
                                                                   data: st.DataObject) -> None:
    where, name = data.draw(st.sampled_from(NUMERIC_PARAMS))
    path = tuple(where.split())
    command = _command(path)
    param = next(p for p in command.params if _opt(p) == name)
    rule = _rule(param)
    text = data.draw(hostile(rule))
    with pytest.raises(NotAccepted):
        rule.read(text)
    line = _refused(capsys, _argv(path, command, param, text))
    what = "the amount" if name == "amount" else "the space" if name == "space" else name
    assert line.startswith(f"error: {path[-1]}: {what} is {rule.accepted()}, not {text[:37]!r}"), line


def _path_params() -> list[tuple[tuple[str, ...], click.Parameter]]:
    return [(path, param) for path, param in _tree() if isinstance(param.type, FilePath)]


def test_every_path_parameter_refuses_a_fifo_a_device_and_the_wrong_kind_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo, folder, plain = tmp_path / "pipe", tmp_path / "folder", tmp_path / "plain.txt"
    os.mkfifo(fifo)
    folder.mkdir()
    plain.write_text("")
    tried = 0
    for path, param in _path_params():
        kind: FilePath = param.type  # type: ignore[assignment]
        wrong = [fifo, Path(os.devnull)] + ([plain] if not kind.file else [] if kind.folder else [folder])
        for given in wrong:
            line = _refused(capsys, _argv(path, _command(path), param, str(given)))
            assert line.startswith(f"error: {path[-1]}: {_opt(param)} {str(given)!r} is "), line
            tried += 1
    assert tried >= 3 * 30  # every command's --db, --world, --record, --png, … was tried


def test_the_database_named_by_the_environment_or_after_the_world_config_is_refused_too(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    os.mkfifo(tmp_path / "pipe.db")
    monkeypatch.setenv("MONOPOLI_DB", str(tmp_path / "pipe.db"))
    assert _refused(capsys, ["state"]) == (f"error: state: --db {str(tmp_path / 'pipe.db')!r} is a named pipe "
                                           "(FIFO), not a regular file: give the path of a file")
    monkeypatch.delenv("MONOPOLI_DB")
    monkeypatch.chdir(tmp_path)
    os.mkfifo(tmp_path / "world.db")  # the default database of configs/world.yaml, in this folder
    for argv in (["state"], ["admin", "status"]):
        assert _refused(capsys, argv) == (f"error: the database {str(tmp_path / 'world.db')!r} is a named pipe "
                                          "(FIFO), not a regular file: give the path of a file")


def test_a_config_naming_a_fifo_is_refused_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from monopoli_mc.rules.settings import rules_dir

    os.mkfifo(tmp_path / "board.yaml")
    rules = tmp_path / "night.yaml"  # a rule set whose board file is a FIFO: read inside the YAML, not an option
    rules.write_text((rules_dir() / "prom.yaml").read_text(encoding="utf-8").replace(
        "\nboard: standard\n", f"\nboard: {tmp_path / 'board.yaml'}\n"))
    line = _refused(capsys, ["simulate", "--games", "1", "--rules", str(rules)])
    assert "board.yaml" in line and "named pipe (FIFO), not a regular file" in line, line
    os.mkfifo(tmp_path / "rules.yaml")
    assert _refused(capsys, ["simulate", "--games", "1", "--rules", str(tmp_path / "rules.yaml")]) == (
        f"error: {tmp_path / 'rules.yaml'}: cannot read file: it is a named pipe (FIFO), not a regular file: give the "
        "path of a file")


@settings(max_examples=500, deadline=None)
@given(st.data())
def test_any_text_at_all_is_a_value_in_range_or_one_line(data: st.DataObject) -> None:
    """No traceback for any input: whatever is typed, every numeric parameter's rule takes it in range or
    refuses it with its one line."""
    params = [(path, param) for path, param in _tree() if _numeric(path, param)]
    _, param = data.draw(st.sampled_from(params))
    rule = _rule(param)
    text = data.draw(st.one_of(st.text(max_size=30), st.text("0123456789hms:.,+- ²٥５𝟓", max_size=30)))
    try:
        value = rule.read(text)
    except NotAccepted as exc:
        assert "\n" not in str(exc) and str(exc).startswith(f"{rule.what} is ")
        return
    values = value if isinstance(value, tuple) and isinstance(rule, Several) else (value,)
    if isinstance(rule, Address):
        values = (value[1],)
    high = rule.item.high if isinstance(rule, Several) else 65535 if isinstance(rule, Address) else rule.high
    assert all(0 <= v <= high for v in values) and text.isascii() and text == text.strip()
