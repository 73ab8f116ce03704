"""Reading a datapack (a folder or a zip): pack.mcmeta, functions, function tags, structures."""

from __future__ import annotations

import json
import pathlib
from dataclasses import dataclass, field
from typing import Any

from monopoli_mc.sandbox import versions
from monopoli_mc.sandbox.packfiles import Readable, pack_files


@dataclass
class Datapacks:
    """The loaded packs: function sources by id, function tags, structure files."""

    version: str
    paths: list[pathlib.Path] = field(default_factory=list)
    functions: dict[str, list[str]] = field(default_factory=dict)
    tags: dict[str, list[str]] = field(default_factory=dict)
    structures: dict[str, Readable] = field(default_factory=dict)
    advancements: dict[str, Any] = field(default_factory=dict)  # id -> parsed JSON, unchecked
    problems: list[str] = field(default_factory=list)

    def add(self, path: pathlib.Path) -> None:
        """Remember a pack (a folder or a .zip) and read it; SandboxError if it is not a pack."""
        self._read(path)
        self.paths.append(path)

    def reread(self) -> None:
        """Read every pack again (for /reload)."""
        self.functions.clear()
        self.tags.clear()
        self.structures.clear()
        self.advancements.clear()
        self.problems.clear()
        for path in self.paths:
            self._read(path)

    def _read(self, path: pathlib.Path) -> None:
        files = pack_files(path)
        self._check_format(path, files["pack.mcmeta"].read_bytes())
        singular = versions.singular_folders(self.version)
        fn_dir, st_dir, adv_dir = (("function", "structure", "advancement") if singular
                                   else ("functions", "structures", "advancements"))
        wrong = (("functions", "structures", "advancements") if singular
                 else ("function", "structure", "advancement"))
        by_ns: dict[str, dict[str, Readable]] = {}
        for name, f in files.items():
            parts = name.split("/", 2)
            if len(parts) == 3 and parts[0] == "data":
                by_ns.setdefault(parts[1], {})[parts[2]] = f
        for ns, inside in sorted(by_ns.items()):
            for bad in wrong:
                if any(n.startswith((f"{bad}/", f"tags/{bad}/")) for n in inside):
                    self.problems.append(f"{path.name}: data/{ns}/{bad}/ is ignored by "
                                         f"{self.version}; use {fn_dir}/ and {st_dir}/")
            for rel, f in _under(inside, fn_dir, ".mcfunction"):
                self.functions[f"{ns}:{rel}"] = f.read_bytes().decode("utf-8").splitlines()
            for rel, f in _under(inside, f"tags/{fn_dir}", ".json"):
                self._add_tag(f"{ns}:{rel}", json.loads(f.read_bytes().decode("utf-8")))
            for rel, f in _under(inside, adv_dir, ".json"):
                try:
                    self.advancements[f"{ns}:{rel}"] = json.loads(f.read_bytes().decode("utf-8"))
                except ValueError as e:
                    self.problems.append(f"{path.name}: advancement {ns}:{rel}: not JSON ({e})")
            for rel, f in _under(inside, st_dir, ".nbt"):
                self.structures[f"{ns}:{rel}"] = f

    def _add_tag(self, tid: str, data: dict[str, Any]) -> None:
        values = [v if isinstance(v, str) else str(v["id"]) for v in data.get("values", [])]
        if data.get("replace"):
            self.tags[tid] = []
        self.tags.setdefault(tid, []).extend(values)

    def _check_format(self, path: pathlib.Path, raw: bytes) -> None:
        """pack.mcmeta as the server reads it for this version (`monopoli_mc.vanilla.packmeta`)."""
        from monopoli_mc.datapack.versions import VERSIONS
        from monopoli_mc.vanilla.data import load
        from monopoli_mc.vanilla.packmeta import check_mcmeta
        for problem in check_mcmeta(raw, load(self.version), VERSIONS[self.version].pack_format):
            self.problems.append(f"{path.name}: {problem} ({self.version})")

    def resolve(self, fid: str) -> list[str]:
        """The function ids a name (or `#tag`) stands for, tags expanded."""
        if not fid.startswith("#"):
            return [fid] if fid in self.functions else []
        out: list[str] = []
        for v in self.tags.get(fid[1:], []):
            for f in self.resolve(v):
                if f not in out:
                    out.append(f)
        return out

    def has_structure(self, sid: str) -> bool:
        """Whether a structure template exists."""
        return sid in self.structures


def _under(files: dict[str, Readable], folder: str, suffix: str) -> list[tuple[str, Readable]]:
    """(path inside `folder` without the suffix, file) of a namespace's files in that folder."""
    prefix = folder + "/"
    return [(name[len(prefix):-len(suffix)], f) for name, f in sorted(files.items())
            if name.startswith(prefix) and name.endswith(suffix)]
