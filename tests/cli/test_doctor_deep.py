"""doctor --deep: against the sandbox it passes with no difference; a server that answers one
request otherwise (a proxy over real TCP rewriting one reply) is caught and shown."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from rcon_proxy import RewritingProxy

from monopoli_mc.cli import cli
from monopoli_mc.datapack.layout import BoardPlace, Layout
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.runner import Sandbox

PACK = Path(__file__).resolve().parents[2] / "datapacks" / "monopoli"
PASSWORD = "deep-pw"


@pytest.fixture()
def server() -> Iterator[Sandbox]:
    """The "real" server: a strict sandbox with the committed pack, the board built, two players."""
    with Sandbox(password=PASSWORD, strict=True, datapack=PACK) as box:
        box.world.execute("function monopoli:board/main/place")
        Bot.join(box.world, "Alex"), Bot.join(box.world, ".Robin")
        box.world.tick(2)  # their `online` events wait in the inbox: no controller reads it
        yield box


def doctor(tmp_path: Path, port: int, monkeypatch: pytest.MonkeyPatch, *args: str) -> tuple[int, str]:
    config = tmp_path / "world.yaml"
    config.write_text(Path(load_world().source).read_text().replace("port: 25575", f"port: {port}"))
    monkeypatch.setenv("MONOPOLI_RCON_PASSWORD", PASSWORD)
    result = CliRunner().invoke(cli, ["doctor", "--world", str(config), "--deep", "--spawn-protection", "0", *args])
    return result.exit_code, result.output


def test_against_the_sandbox_every_check_passes_with_no_difference(
        server: Sandbox, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    transcript = tmp_path / "doctor.jsonl"
    inbox_before = server.world.execute("data get storage monopoli:bridge inbox")
    code, out = doctor(tmp_path, server.port, monkeypatch, "--transcript", str(transcript))
    assert code == 0, out
    for line in ("ok   the board template placed in the scratch area at 512 -60 0, read back",
                 "ok   every kind of controller call answers",
                 "ok   an event through the inbox: queued by monopoli:input/jar",
                 "(2 unread events kept)", "ok   a score holds 2,147,483,647",
                 "ok   list uuids parses: 2 online (.Robin, Alex)",
                 "verdict: ready: every check passed"):
        assert line in out
    assert "FIX" not in out and "DIFF" not in out
    lines = [json.loads(line) for line in transcript.read_text().splitlines()]
    compared = [e for e in lines if e["phase"] == "check"]
    assert f"ok   the sandbox answered all {len(compared)} requests as the server did" in out
    assert len(compared) > 50 and all(e["server"] == e["sandbox"] and not e["differs"] for e in compared)
    assert {"request", "server", "sandbox"} <= set(lines[0])
    # nothing is left behind on the server
    world = server.world
    assert world.execute("data get storage monopoli:bridge inbox") == inbox_before
    low, high = Layout(BoardPlace("s", (512, -60, 0), "west", 4, 10)).bounds()
    assert not [p for p in world.blocks if all(low[i] <= p[i] <= high[i] for i in range(3))]
    assert world.execute("scoreboard players get $doctor monopoli.seq")[0].startswith("Can't get value")
    assert world.execute("scoreboard players get MonopoliProbe monopoli.cash")[0].startswith("Can't get value")
    assert world.forced_chunks == set() and world.strict_failures == []
    assert "ok   refusals, truncation and wrapping asked" in out
    assert "ok   the command limit's count, listing and key orders, escapes asked (limit 65536 put back)" in out
    assert world.execute("gamerule max_command_sequence_length") == [
        "Gamerule max_command_sequence_length is currently set to: 65536"]
    assert world.execute("data get storage monopoli:doctor") == ["Storage monopoli:doctor has the following contents: {}"]
    # issue 33: the scratch board cleared with nothing dropped, the text and pop probe, a name in another case
    assert ("read back (5 blocks and a sign) and cleared, hanging blocks first: no item left") in out
    assert ("ok   sign and banner text read back, plain and styled; a fill under a sign dropped 1 item(s), taken "
            "away again; Alex asked as aLEX") in out
    assert world.execute("execute if entity @e[type=minecraft:item]") == ["Test failed"]
    asked = {e["request"]: e["server"] for e in compared}
    assert asked["execute if entity aLEX"] == "Test passed. Count: 1"  # Alex, found ignoring case
    assert asked["execute if entity @a[name=aLEX]"] == "Test failed"
    assert asked["data get block 512 -59 0 front_text.messages[0]"] == (
        '512, -59, 0 has the following block data: "Boardwalk"')


def test_a_server_that_answers_one_request_otherwise(
        server: Sandbox, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def wrong(command: str, reply: str) -> str:
        return "$doctor has -1 [monopoli.seq]" if command == "scoreboard players get $doctor monopoli.seq" else reply
    with RewritingProxy(server.address, wrong) as proxy:
        code, out = doctor(tmp_path, proxy.port, monkeypatch)
    assert code == 1
    assert "FIX  a score set to 2,147,483,647 reads back as -1" in out
    assert "DIFF the sandbox answered 1 of " in out
    assert ("       > scoreboard players get $doctor monopoli.seq\n"
            "         server:  $doctor has -1 [monopoli.seq]\n"
            "         sandbox: $doctor has 2147483647 [monopoli.seq]\n") in out
    assert "verdict: NOT ready: 1 check to FIX; the sandbox answered 1 request otherwise" in out


def test_a_difference_that_breaks_nothing_is_shown_and_passes(
        server: Sandbox, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def other(command: str, reply: str) -> str:
        return reply + " (Paper)" if command == "forceload remove 512 0 555 43" else reply
    with RewritingProxy(server.address, other) as proxy:
        code, out = doctor(tmp_path, proxy.port, monkeypatch)
    assert code == 0, out
    assert "DIFF the sandbox answered 1 of " in out and "> forceload remove 512 0 555 43" in out
    assert "verdict: ready: every check passed; the sandbox answered 1 request otherwise" in out


def test_transcript_needs_deep_and_a_writable_file(server: Sandbox, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MONOPOLI_RCON_PASSWORD", PASSWORD)
    result = CliRunner().invoke(cli, ["doctor", "--transcript", str(tmp_path / "t.jsonl")])
    assert result.exit_code == 2 and "--transcript needs --deep" in result.output
    nowhere = tmp_path / "no such folder" / "t.jsonl"
    config = tmp_path / "world.yaml"
    config.write_text(Path(load_world().source).read_text().replace("port: 25575", f"port: {server.port}"))
    result = CliRunner().invoke(cli, ["doctor", "--world", str(config), "--deep", "--transcript", str(nowhere)])
    assert result.exit_code == 1
    assert str(result.exception) == f"cannot write the transcript {nowhere}: No such file or directory"


def test_a_server_that_stores_text_whole_is_read_and_shown(
        server: Sandbox, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Sign and banner text is read in either form a release stores (a bare string, or an object): a
    server answering the object (as the sandbox did before issue 33) passes, and the difference shows."""
    def whole(command: str, reply: str) -> str:
        return reply.replace(': "Boardwalk"', ': {text: "Boardwalk"}') if "data get block" in command else reply
    with RewritingProxy(server.address, whole) as proxy:
        code, out = doctor(tmp_path, proxy.port, monkeypatch)
    assert code == 0, out
    assert "ok   sign and banner text read back, plain and styled" in out
    assert "server:  512, -59, 0 has the following block data: {text: \"Boardwalk\"}" in out
    assert "sandbox: 512, -59, 0 has the following block data: \"Boardwalk\"" in out


def test_a_server_that_drops_what_its_clear_knocks_off_fails_the_scratch_board(
        server: Sandbox, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A clear that left items on the ground (told by the count `execute if entity` gives) fails, says how
    many, and the items are killed again."""
    def dropped(command: str, reply: str) -> str:
        return "Test passed. Count: 49" if command.startswith("execute if entity @e[type=minecraft:item,x=510") \
            and "dx=47" in command else reply
    with RewritingProxy(server.address, dropped) as proxy:
        code, out = doctor(tmp_path, proxy.port, monkeypatch)
    assert code == 1
    assert ("FIX  clearing the scratch board at 512 -60 0 dropped 49 items (signs or buttons that popped off "
            "before the fill reached them); they were killed again") in out
