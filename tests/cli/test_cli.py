"""The CLI as a user meets it: help on every command, clean errors, simulate's figures."""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from monopoli_mc.cli import cli, main


def all_commands(group: click.Group = cli, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every command and subcommand, as the CLI lists them (its commands are imported when asked for)."""
    ctx = click.Context(group)
    out = []
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        out.append(prefix + (name,))
        if isinstance(command, click.Group):
            out.extend(all_commands(command, prefix + (name,)))
    return out


def test_the_help_test_sees_every_command() -> None:
    assert {"demo", "run", "simulate", "state", "admin", "doctor", "sandbox"} <= {p[0] for p in all_commands()}
    assert len(all_commands()) > 12  # with the subcommands of admin, board and datapack


@pytest.mark.parametrize("path", all_commands())
def test_every_command_has_help_with_an_example(path: tuple[str, ...]) -> None:
    result = CliRunner().invoke(cli, [*path, "--help"])
    assert result.exit_code == 0, result.output
    command: click.Command | None = cli
    for name in path:
        assert isinstance(command, click.Group)
        command = command.get_command(click.Context(command), name)
    if not isinstance(command, click.Group):
        assert "Example" in result.output, f"monopoli {' '.join(path)} --help has no example"


def test_simulate_prints_a_summary_and_writes_landings(tmp_path: Path) -> None:
    out = tmp_path / "sim.json"
    result = CliRunner().invoke(cli, ["simulate", "--rules", "classic", "--players", "3", "--games", "20",
                                      "--seed", "7", "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert "20 games of classic with 3 bots" in result.output and "rounds per game" in result.output
    data = json.loads(out.read_text())
    landings = data["landings"]
    assert set(landings) == {str(i) for i in range(40)} | {"in_jail"}
    assert sum(landings.values()) == data["throws"] > 0
    assert landings["30"] == 0, "Go To Jail sends to jail: counted as in_jail"
    assert data["won"] + data["stopped_at_limit"] == 20
    assert {"rent", "tax", "jar"} <= set(data["money"])


def test_simulate_in_parallel_gives_the_same_figures(tmp_path: Path) -> None:
    figures = []
    for jobs in ("1", "2"):
        out = tmp_path / f"sim{jobs}.json"
        result = CliRunner().invoke(cli, ["simulate", "--games", "8", "--jobs", jobs, "--json", str(out)])
        assert result.exit_code == 0, result.output
        data = json.loads(out.read_text())
        data.pop("seconds")
        figures.append(data)
    assert figures[0] == figures[1]


def test_a_user_mistake_is_one_line_without_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: bad\nsalary: lots\n")
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "--rules", str(bad), "--games", "1"])
    assert exit_info.value.code == 1
    err = capsys.readouterr().err
    assert err.strip() == f"error: {bad}:2: salary: expected a whole number, found text 'lots'"
    with pytest.raises(SystemExit):
        main(["simulate", "--rules", "nonesuch"])
    assert "no rule set named 'nonesuch'" in capsys.readouterr().err


# `monopoli demo` playing a whole game to its standings: tests/controller/test_controller_cli.py.
