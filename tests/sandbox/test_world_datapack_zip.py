"""A zipped datapack is read as the server reads one: `datapacks/monopoli.zip` as its folder, /reload included."""

from __future__ import annotations

import pathlib
import zipfile

import pytest

from monopoli_mc.errors import SandboxError
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.world import World

ROOT = pathlib.Path(__file__).resolve().parents[2]
PACK = ROOT / "datapacks" / "monopoli"


def _zip(folder: pathlib.Path, to: pathlib.Path, *, under: str = "") -> pathlib.Path:
    with zipfile.ZipFile(to, "w") as z:
        for f in sorted(folder.rglob("*")):
            z.write(f, under + f.relative_to(folder).as_posix())  # folders too, as zip tools write them
    return to


def test_the_shipped_zip_loads_as_the_shipped_folder() -> None:
    folder, zipped = World(strict=True), World(strict=True)
    folder.load_datapack(PACK)
    zipped.load_datapack(PACK.with_suffix(".zip"))
    assert zipped.load_errors == [] and zipped.strict_failures == []
    for part in ("functions", "tags", "advancements"):
        assert getattr(zipped.datapacks, part) == getattr(folder.datapacks, part), part
    assert {k: v.read_bytes() for k, v in zipped.datapacks.structures.items()} == \
        {k: v.read_bytes() for k, v in folder.datapacks.structures.items()}
    zipped.execute("forceload add 0 0 63 63")
    zipped.execute("function monopoli:board/main/place")
    assert zipped.execute("execute if block 2 -59 2 minecraft:chest") == ["Test passed"]  # the structure's
    alex = Bot.join(zipped, "Alex")
    zipped.tick(2)
    assert alex.trigger("join") == []  # the pack enabled the trigger for a player who joined
    assert "Unknown" not in " ".join(zipped.execute("data get storage monopoli:bridge inbox"))


def test_reload_reads_the_zip_again(tmp_path: pathlib.Path) -> None:
    pack = tmp_path / "pack"
    (pack / "data/t/function").mkdir(parents=True)
    (pack / "pack.mcmeta").write_text('{"pack": {"pack_format": 94, "description": "t"}}')
    (pack / "data/t/function/hi.mcfunction").write_text("say one\n")
    zipped = _zip(pack, tmp_path / "t.zip")
    w = World(strict=True)
    w.load_datapack(zipped)
    assert w.datapacks.functions["t:hi"] == ["say one"]
    (pack / "data/t/function/hi.mcfunction").write_text("say two\n")
    _zip(pack, zipped)
    assert w.execute("reload") == ["Reloading!"]
    assert w.datapacks.functions["t:hi"] == ["say two"]


@pytest.mark.parametrize("name, words", [
    ("nested.zip", "not a datapack (no pack.mcmeta at the top of the zip): '{path}'; it holds "
                   "monopoli/pack.mcmeta: zip what is inside that folder, so that pack.mcmeta is at the top"),
    ("broken.zip", "cannot open the datapack zip '{path}': File is not a zip file"),
    ("monopoli.tar", "not a datapack folder or .zip but a file: '{path}' (the server takes only a "
                     "folder with pack.mcmeta, or a file named *.zip)"),
])
def test_a_zip_the_server_would_not_take_is_refused_with_what_to_do(
        tmp_path: pathlib.Path, name: str, words: str) -> None:
    path = tmp_path / name
    if name == "nested.zip":
        _zip(PACK / "data" / "minecraft", path, under="monopoli/data/")
        with zipfile.ZipFile(path, "a") as z:
            z.writestr("monopoli/pack.mcmeta", (PACK / "pack.mcmeta").read_text())
    else:
        path.write_text("not a zip")
    with pytest.raises(SandboxError) as info:
        World().load_datapack(path)
    assert str(info.value) == words.format(path=path)
