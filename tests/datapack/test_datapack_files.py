"""Files a server reads, read back as it reads them: structures (NbtIo), pack.mcmeta, function tags."""

from __future__ import annotations

import dataclasses
import gzip
import io
import json
import pathlib

import nbtlib
import pytest

from monopoli_mc.datapack.build import build_pack
from monopoli_mc.datapack.pack import Pack
from monopoli_mc.datapack.versions import VERSIONS, get_version
from monopoli_mc.sandbox.world import World
from monopoli_mc.vanilla.data import load
from monopoli_mc.vanilla.nbt import ROOT_NOT_COMPOUND, NbtError, read_compressed
from monopoli_mc.vanilla.packmeta import check_function_tag, check_mcmeta
from monopoli_mc.vanilla.template import load_template


def _problems(pack: Pack) -> list[str]:
    mc = load(pack.version.name)
    out = []
    for path, data in pack.files().items():
        if path.endswith(".nbt"):
            template = load_template(data, mc, pack.version.data_version)
            out += [f"{path}: {p}" for p in template.problems]
            if not template.blocks:
                out.append(f"{path}: no blocks")
        elif path == "pack.mcmeta":
            out += check_mcmeta(data, mc, pack.version.pack_format)
        elif path.endswith(".json") and "/tags/" in path:
            out += [f"{path}: {p}" for p in check_function_tag(data)]
        elif path.endswith(".mcfunction"):
            data.decode("utf-8")
    return out


def test_every_file_of_the_pack_loads_as_the_server_loads_it(pack: Pack) -> None:
    assert _problems(pack) == []


@pytest.mark.parametrize("version", sorted(set(VERSIONS) - {"1.21.11", "1.21.4"}))
def test_every_release_reads_its_pack(version: str, world, board) -> None:  # type: ignore[no-untyped-def]
    pack = build_pack(dataclasses.replace(world, version=get_version(version)), board)
    assert _problems(pack) == []


def test_the_board_file_starts_with_a_named_root_compound(pack: Pack) -> None:
    raw = gzip.decompress(pack.structures["monopoli:board"])
    assert raw[:3] == b"\x0a\x00\x00"  # TAG_Compound, a name of length 0
    name, root = read_compressed(pack.structures["monopoli:board"])
    assert name == "" and int(root["DataVersion"].value) == pack.version.data_version


def _headless(root: nbtlib.Compound) -> bytes:
    """What nbtlib 1.12's File(root) wrote: the root's entries with no root tag before them."""
    buffer = io.BytesIO()
    nbtlib.File(root).write(buffer)
    return gzip.compress(buffer.getvalue(), mtime=0)


def test_a_file_without_the_root_header_is_refused() -> None:
    root = nbtlib.Compound({"DataVersion": nbtlib.Int(4671), "size": nbtlib.List[nbtlib.Int]([1, 1, 1])})
    with pytest.raises(NbtError, match=ROOT_NOT_COMPOUND):
        read_compressed(_headless(root))
    with pytest.raises(NbtError, match="GZIP"):
        read_compressed(b"not gzip")


def test_the_sandbox_refuses_such_a_template_as_vanilla_does(tmp_path: pathlib.Path) -> None:
    pack = tmp_path / "p"
    (pack / "data/t/structure").mkdir(parents=True)
    (pack / "pack.mcmeta").write_text(json.dumps({"pack": {"description": "t", "min_format": [94, 1],
                                                           "max_format": [94, 1]}}))
    root = nbtlib.Compound({"DataVersion": nbtlib.Int(4671), "size": nbtlib.List[nbtlib.Int]([1, 1, 1]),
                            "palette": nbtlib.List[nbtlib.Compound]([nbtlib.Compound({"Name": nbtlib.String("minecraft:stone")})]),
                            "blocks": nbtlib.List[nbtlib.Compound]([nbtlib.Compound(
                                {"state": nbtlib.Int(0), "pos": nbtlib.List[nbtlib.Int]([0, 0, 0])})]),
                            "entities": nbtlib.List[nbtlib.Compound]()})
    (pack / "data/t/structure/bad.nbt").write_bytes(_headless(root))
    good = io.BytesIO()
    good.write(b"\x0a\x00\x00")
    root.write(good)
    (pack / "data/t/structure/good.nbt").write_bytes(gzip.compress(good.getvalue()))
    w = World(strict=True)
    w.load_datapack(pack)
    assert w.execute("place template t:bad 0 0 0") == ['There is no template with id "t:bad"']
    assert w.execute("place template t:good 0 0 0") == ['Loaded template "t:good" at 0, 0, 0']
    assert w.blocks[(0, 0, 0)].id == "minecraft:stone"
    assert w.strict_failures == []


def test_pack_mcmeta_as_each_release_reads_it() -> None:
    new, old = load("1.21.11"), load("1.21.4")
    ok_new = json.dumps({"pack": {"description": "x", "min_format": [94, 1], "max_format": [94, 1]}}).encode()
    ok_old = json.dumps({"pack": {"description": "x", "pack_format": 61}}).encode()
    assert check_mcmeta(ok_new, new, (94, 1)) == []
    assert check_mcmeta(ok_old, old, (61, 0)) == []
    assert check_mcmeta(ok_old, old, (71, 0)) == ["pack_format 61 does not include the server's 71"]
    assert check_mcmeta(json.dumps({"pack": {"description": "x", "min_format": [94, 2],
                                             "max_format": 95}}).encode(), new, (94, 1)) == [
        "formats (94, 2)..(95, 2147483647) do not include the server's (94, 1)"]
    assert check_mcmeta(b"{", new, (94, 1))[0].startswith("pack.mcmeta is not JSON")
    assert check_mcmeta(json.dumps({"pack": {"min_format": 94, "max_format": 94}}).encode(), new,
                        (94, 1)) == ["pack: no description"]
