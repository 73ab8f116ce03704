"""Advancements in the sandbox: files read as vanilla's codecs read them, the block-use
trigger fired for the player who used the block, rewards, grant and revoke."""

from __future__ import annotations

import json
import pathlib
from typing import Any

import pytest

from monopoli_mc.sandbox.advancement_file import AdvancementError, read_advancement
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.world import World

BUTTON = (4, 64, 2)


def use(x: int, y: int, z: int, **extra: Any) -> dict[str, Any]:
    predicate = {"position": {"x": {"min": x, "max": x + 1}, "y": y + 0.5, "z": {"min": z, "max": z + 1}},
                 "block": {"blocks": "minecraft:stone_button"}}
    return {"criteria": {"pressed": {"trigger": "minecraft:default_block_use", "conditions": {
        "location": [{"condition": "minecraft:location_check", "predicate": predicate}]}}},
        "rewards": {"function": "t:pressed"}, **extra}


def make_world(tmp_path: pathlib.Path, advancements: dict[str, Any], version: str = "1.21.11") -> World:
    pack = tmp_path / "pack"
    folder = "advancement" if version != "1.20.5" else "advancements"
    fn = "function" if version != "1.20.5" else "functions"
    (pack / "data/t" / folder).mkdir(parents=True)
    (pack / "data/t" / fn).mkdir(parents=True)
    fmt = {"1.21.11": 94, "1.21.4": 61, "1.20.5": 41}[version]
    (pack / "pack.mcmeta").write_text(json.dumps({"pack": {"pack_format": fmt, "description": "t"}}))
    for name, data in advancements.items():
        (pack / "data/t" / folder / f"{name}.json").write_text(json.dumps(data))
    (pack / "data/t" / fn / "pressed.mcfunction").write_text(
        "advancement revoke @s only t:press\nscoreboard players add @s presses 1\n")
    w = World(version=version, strict=True)
    w.execute("scoreboard objectives add presses dummy")
    w.load_datapack(pack)
    w.execute(f"setblock {BUTTON[0]} {BUTTON[1]} {BUTTON[2]} minecraft:stone_button[face=floor]")
    return w


def presses(w: World, name: str) -> list[str]:
    return w.execute(f"scoreboard players get {name} presses")


@pytest.mark.parametrize("version", ["1.21.11", "1.21.4", "1.20.5"])
def test_the_presser_is_rewarded_however_far_they_stand(tmp_path: pathlib.Path, version: str) -> None:
    w = make_world(tmp_path, {"press": use(*BUTTON)}, version)
    assert w.load_errors == []
    near, far = Bot.join(w, "Near"), Bot.join(w, "Far")
    near.player.pos = (4.5, 64.0, 3.5)
    far.player.pos = (4.5, 64.0, 6.5)
    far.press_button(BUTTON)
    assert presses(w, "Far") == ["Far has 1 [presses]"]
    assert presses(w, "Near") == ["Can't get value of presses for Near; none is set"]
    far.press_button(BUTTON)  # still down: the use counts again, the reward revoked the advancement
    assert presses(w, "Far") == ["Far has 2 [presses]"]


def test_a_criterion_listens_only_while_not_done(tmp_path: pathlib.Path) -> None:
    adv = use(*BUTTON)
    adv["rewards"] = {"function": "t:missing"}  # nothing revokes it
    w = make_world(tmp_path, {"press": adv})
    assert w.load_errors == ["advancement t:press: reward function t:missing does not exist (nothing runs)"]
    alex = Bot.join(w, "Alex")
    alex.player.pos = (4.5, 64.0, 3.5)
    alex.press_button(BUTTON)
    assert w.execute("advancement grant Alex only t:press") == [
        "Couldn't grant advancement t:press to Alex as they already have it"]
    assert w.execute("advancement revoke Alex only t:press") == ["Revoked the advancement t:press from Alex"]
    assert w.execute("advancement revoke @a only t:press") == [
        "Couldn't revoke advancement t:press from Alex as they don't have it"]


def test_grant_revoke_replies(tmp_path: pathlib.Path) -> None:
    child = {"parent": "t:press", "criteria": {"a": {"trigger": "minecraft:impossible"},
                                               "b": {"trigger": "minecraft:impossible"}},
             "display": {"title": {"text": "Top"}, "description": "", "icon": {"id": "minecraft:stone"}}}
    w = make_world(tmp_path, {"press": use(*BUTTON), "child": child})
    assert w.load_errors == []
    Bot.join(w, "Alex"), Bot.join(w, "Sam")
    x = w.execute
    assert x("advancement grant Alex only t:child a") == ["Granted criterion 'a' of advancement [Top] to Alex"]
    assert x("advancement grant Alex only t:child a") == [
        "Couldn't grant criterion 'a' of advancement [Top] to Alex as they already have it"]
    assert x("advancement grant Alex only t:child c") == ["The advancement [Top] does not contain the criterion 'c'"]
    assert x("advancement grant @a from t:press") == ["Granted 2 advancements to 2 players"]
    assert x("advancement revoke Sam until t:child") == ["Revoked 2 advancements from Sam"]
    assert x("advancement revoke @a only t:child") == ["Revoked the advancement [Top] from 2 players"]  # the targets, as vanilla counts
    assert x("advancement revoke Sam everything") == ["Couldn't revoke 2 advancements from Sam as they don't have them"]
    assert x("advancement grant Alex only t:nothing") == ["Unknown advancement: t:nothing"]
    assert x("advancement grant Nobody only t:press") == ["No player was found"]


def test_the_block_predicate_and_dimension_are_checked(tmp_path: pathlib.Path) -> None:
    adv = use(*BUTTON)
    adv["criteria"]["pressed"]["conditions"]["location"][0]["predicate"]["dimension"] = "minecraft:the_nether"
    w = make_world(tmp_path, {"press": adv})
    alex = Bot.join(w, "Alex")
    alex.player.pos = (4.5, 64.0, 3.5)
    alex.press_button(BUTTON)
    assert presses(w, "Alex") == ["Can't get value of presses for Alex; none is set"]


BAD = [
    ({"criteria": {}}, "Advancement criteria cannot be empty"),
    ({"criteria": {"a": {"trigger": "minecraft:button_pressed"}}}, "unknown trigger 'minecraft:button_pressed'"),
    ({"criteria": {"a": {"conditions": {}}}}, "no trigger"),
    ({"criteria": {"a": {"trigger": "minecraft:impossible"}}, "requirements": [["b"]]},
     "requirements did not exist as criteria: ['b']"),
    ({"criteria": {"a": {"trigger": "minecraft:impossible"}, "b": {"trigger": "minecraft:impossible"}},
      "requirements": [["a"]]}, "not used in requirements: ['b']"),
    ({"criteria": {"a": {"trigger": "minecraft:impossible"}}, "reward": {}}, "unknown key 'reward'"),
]


@pytest.mark.parametrize("data,message", BAD)
def test_files_vanilla_refuses_are_refused(data: dict[str, Any], message: str) -> None:
    with pytest.raises(AdvancementError, match=message.replace("[", r"\[").replace("]", r"\]")):
        read_advancement("t:a", data, "1.21.11")


def _with_predicate(**predicate: Any) -> dict[str, Any]:
    adv = use(*BUTTON)
    adv["criteria"]["pressed"]["conditions"]["location"][0]["predicate"] = predicate
    return adv


@pytest.mark.parametrize("predicate,version,message", [
    ({"positon": {"x": 1}}, "1.21.11", "unknown key 'positon' (vanilla ignores it"),
    ({"position": {"x": {"min": 3, "max": 2}}}, "1.21.11", "Min can't be bigger than max"),
    ({"block": {"blocks": "minecraft:stone_button", "components": {}}}, "1.21.4", "unknown key 'components'"),
    ({"block": {"block": "minecraft:stone_button"}}, "1.21.11", "unknown key 'block'"),
    ({"light": {"light": 3}}, "1.21.11", "not modelled by the sandbox"),
])
def test_predicate_keys_are_checked_for_the_version(predicate: dict[str, Any], version: str, message: str) -> None:
    with pytest.raises(AdvancementError, match=message.replace("(", r"\(")):
        read_advancement("t:a", _with_predicate(**predicate), version)


def test_a_refused_file_is_not_loaded_and_is_reported(tmp_path: pathlib.Path) -> None:
    w = make_world(tmp_path, {"press": _with_predicate(positon={"x": 1})})
    assert "t:press" not in w.advancements.loaded
    assert len(w.load_errors) == 1 and "positon" in w.load_errors[0]
    alex = Bot.join(w, "Alex")
    alex.player.pos = (4.5, 64.0, 3.5)
    alex.press_button(BUTTON)
    assert presses(w, "Alex") == ["Can't get value of presses for Alex; none is set"]
