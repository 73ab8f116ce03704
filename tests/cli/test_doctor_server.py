"""doctor knows vanilla, Paper and Spigot from `version`, and checks what differs there."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from rcon_proxy import RewritingProxy

from monopoli_mc.bridge.server_kind import ServerKind, parse_version_reply
from monopoli_mc.cli import cli
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.runner import Sandbox

PACK = Path(__file__).resolve().parents[2] / "datapacks" / "monopoli"
PASSWORD = "doctor-pw"
PAPER = ("This server is running Paper version 1.21.11-52-main@1b2f2a4 (2025-12-20T10:11:12Z) "
         "(Implementing API version 1.21.11-R0.1-SNAPSHOT)\nYou are running the latest version")


@pytest.mark.parametrize("reply,kind", [
    (PAPER, ServerKind("paper", "Paper", "1.21.11")),
    ("This server is running Paper version git-Paper-496 (MC: 1.20.4) (Implementing API version "
     "1.20.4-R0.1-SNAPSHOT) (Git: 7ac24a1 on ver/1.20.4)", ServerKind("paper", "Paper", "1.20.4")),
    ("\u00a7fThis server is running CraftBukkit version 4226-Spigot-146439e-2889b3a (MC: 1.21.4) "
     "(Implementing API version 1.21.4-R0.1-SNAPSHOT)\n", ServerKind("spigot", "CraftBukkit", "1.21.4")),
    ("This server is running Purpur version 1.21.4-2416-HEAD@a1b2c3d (2025-02-01T00:00:00Z) "
     "(Implementing API version 1.21.4-R0.1-SNAPSHOT)", ServerKind("paper", "Purpur", "1.21.4")),
    ("Server version info:id = 1.21.8name = 1.21.8data = 4440series = mainprotocol = 772 (0x304)"
     "build_time = Tue Jul 17 12:00:57 UTC 2025pack_resource = 64pack_data = 81stable = yes",
     ServerKind("vanilla", "Vanilla", "1.21.8")),
    ("Unknown or incomplete command, see below for error<--[HERE]", ServerKind("vanilla", "Vanilla", None)),
    ("Checking version, please wait...", ServerKind("unknown", "unknown", None)),
])
def test_version_replies(reply: str, kind: ServerKind) -> None:
    assert parse_version_reply(reply) == kind


@pytest.fixture()
def sandbox(tmp_path: Path) -> Iterator[Sandbox]:
    with Sandbox(password=PASSWORD, strict=True, datapack=PACK) as box:  # ticking: doctor checks it does
        box.world.execute("function monopoli:board/main/place")
        yield box


def doctor(tmp_path: Path, port: int, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    config = tmp_path / "world.yaml"
    config.write_text(Path(load_world().source).read_text().replace("port: 25575", f"port: {port}"))
    monkeypatch.setenv("MONOPOLI_RCON_PASSWORD", PASSWORD)
    result = CliRunner().invoke(cli, ["doctor", "--world", str(config), "--spawn-protection", "0"])
    return result.exit_code, result.output


def paper(d6: str) -> Callable[[str, str], str]:
    """A Paper server in front of the sandbox: its `version` line, and how it answers `d6`."""
    return lambda command, reply: PAPER if command == "version" else d6 if command == "d6" else reply


def test_paper_without_the_aliases(sandbox: Sandbox, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with RewritingProxy(sandbox.address, paper('Unknown command. Type "/help" for help.')) as proxy:
        code, out = doctor(tmp_path, proxy.port, monkeypatch)
    assert code == 1
    assert "ok   the server is Paper 1.21.11" in out
    assert ("FIX  the /d6, /bid 50 ... aliases are not installed: put the aliases of DIR/commands.yml "
            f"(`monopoli datapack build --world {tmp_path / 'world.yaml'} --rules prom --out DIR` writes it) "
            "into commands.yml beside server.properties, then restart Paper") in out
    assert "check on Paper, /reload also reloads plugins: reload the pack with /minecraft:reload" in out


def test_paper_with_the_aliases(sandbox: Sandbox, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with RewritingProxy(sandbox.address, paper("A player is required to run this command here")) as proxy:
        code, out = doctor(tmp_path, proxy.port, monkeypatch)
    assert code == 0, out
    assert "ok   the /d6, /bid 50 ... aliases are installed on Paper" in out


def test_a_server_of_another_version(sandbox: Sandbox, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    spigot = ("This server is running CraftBukkit version 4226-Spigot-146439e-2889b3a (MC: 1.21.4) "
              "(Implementing API version 1.21.4-R0.1-SNAPSHOT)")
    with RewritingProxy(sandbox.address, lambda c, r: spigot if c == "version" else r) as proxy:
        code, out = doctor(tmp_path, proxy.port, monkeypatch)
    assert code == 1
    assert (f"FIX  the server is CraftBukkit 1.21.4, but {tmp_path / 'world.yaml'} says Minecraft 1.21.11: set "
            f'minecraft.version: "1.21.4" there, then run `monopoli datapack build --world {tmp_path / "world.yaml"} '
            "--rules prom --out DIR`, then copy DIR/monopoli.zip into the world's datapacks/ folder and /reload") in out


def test_vanilla_is_told_and_asked_nothing_else(sandbox: Sandbox, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    with RewritingProxy(sandbox.address, lambda c, r: r) as proxy:
        code, out = doctor(tmp_path, proxy.port, monkeypatch)
        assert "d6" not in proxy.commands
    assert code == 0, out
    assert "ok   the server is vanilla" in out and "aliases" not in out


@pytest.mark.long(seconds=3)
def test_a_paused_server_is_told_with_why_and_what_to_do(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An empty 1.21.2+ server pauses (ledger row F5): doctor says it does not tick, and what to set."""
    with Sandbox(password=PASSWORD, strict=True, datapack=PACK, pause_when_empty_seconds=1) as box:
        box.world.execute("function monopoli:board/main/place")
        deadline = time.monotonic() + 20
        while not box.world.paused and time.monotonic() < deadline:  # 20 empty ticks
            time.sleep(0.02)
        code, out = doctor(tmp_path, box.port, monkeypatch)
        assert code == 1
        assert ("FIX  the server is not ticking (its game time stood still for 1.5 s), so the pack's load "
                "and tick functions do not run") in out
        assert "set pause-when-empty-seconds=0 in server.properties and restart the server" in out
        Bot.join(box.world, "Alex")  # someone online: it ticks again
        code, out = doctor(tmp_path, box.port, monkeypatch)
        assert "ok   the server ticks (its game time advances)" in out and "not ticking" not in out
