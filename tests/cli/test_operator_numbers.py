"""The operator's numbers (issue 29): `monopoli admin` arguments and options take the digits 0-9 alone, in
their range; whatever else Python's `int()` or `float()` would read (`1_000`, ` 5`, `+5`, `٥`, `5.0`, `1e3`)
is refused with one line saying what is accepted, before anything is asked of the database."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from monopoli_mc.cli import main
from monopoli_mc.cli.admin import WAIT
from monopoli_mc.operator_input import AMOUNT, SCORE_MAX, SPACE, Measure, NotAccepted, Whole

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
