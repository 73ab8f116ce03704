"""Reading a datapack folder: pack.mcmeta, functions, function tags, structures."""

from __future__ import annotations

import json
import pathlib
from dataclasses import dataclass, field
from typing import Any

from monopoli_mc.errors import SandboxError
from monopoli_mc.sandbox import versions


@dataclass
class Datapacks:
    """The loaded packs: function sources by id, function tags, structure files."""

    version: str
    paths: list[pathlib.Path] = field(default_factory=list)
    functions: dict[str, list[str]] = field(default_factory=dict)
    tags: dict[str, list[str]] = field(default_factory=dict)
    structures: dict[str, pathlib.Path] = field(default_factory=dict)
    advancements: dict[str, Any] = field(default_factory=dict)  # id -> parsed JSON, unchecked
    problems: list[str] = field(default_factory=list)

    def add(self, path: pathlib.Path) -> None:
        """Remember a pack folder and read it."""
        if not path.exists():
            raise SandboxError(f"no such datapack folder: '{path}'")
        if not path.is_dir():
            raise SandboxError(f"not a datapack folder but a file: '{path}'")
        if not (path / "pack.mcmeta").is_file():
            raise SandboxError(f"not a datapack (no pack.mcmeta): '{path}'")
        self.paths.append(path)
        self._read(path)

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
        self._check_format(path)
        singular = versions.singular_folders(self.version)
        fn_dir, st_dir, adv_dir = (("function", "structure", "advancement") if singular
                                   else ("functions", "structures", "advancements"))
        wrong = (("functions", "structures", "advancements") if singular
                 else ("function", "structure", "advancement"))
        for ns_dir in sorted((path / "data").glob("*")):
            ns = ns_dir.name
            for bad in wrong:
                if (ns_dir / bad).is_dir() or (ns_dir / "tags" / bad).is_dir():
                    self.problems.append(f"{path.name}: data/{ns}/{bad}/ is ignored by "
                                         f"{self.version}; use {fn_dir}/ and {st_dir}/")
            for f in sorted((ns_dir / fn_dir).rglob("*.mcfunction")):
                rel = f.relative_to(ns_dir / fn_dir).with_suffix("").as_posix()
                self.functions[f"{ns}:{rel}"] = f.read_text(encoding="utf-8").splitlines()
            for f in sorted((ns_dir / "tags" / fn_dir).rglob("*.json")):
                rel = f.relative_to(ns_dir / "tags" / fn_dir).with_suffix("").as_posix()
                self._add_tag(f"{ns}:{rel}", json.loads(f.read_text(encoding="utf-8")))
            for f in sorted((ns_dir / adv_dir).rglob("*.json")):
                rel = f.relative_to(ns_dir / adv_dir).with_suffix("").as_posix()
                try:
                    self.advancements[f"{ns}:{rel}"] = json.loads(f.read_text(encoding="utf-8"))
                except ValueError as e:
                    self.problems.append(f"{path.name}: advancement {ns}:{rel}: not JSON ({e})")
            for f in sorted((ns_dir / st_dir).rglob("*.nbt")):
                rel = f.relative_to(ns_dir / st_dir).with_suffix("").as_posix()
                self.structures[f"{ns}:{rel}"] = f

    def _add_tag(self, tid: str, data: dict[str, Any]) -> None:
        values = [v if isinstance(v, str) else str(v["id"]) for v in data.get("values", [])]
        if data.get("replace"):
            self.tags[tid] = []
        self.tags.setdefault(tid, []).extend(values)

    def _check_format(self, path: pathlib.Path) -> None:
        """pack.mcmeta as the server reads it for this version (`monopoli_mc.vanilla.packmeta`)."""
        from monopoli_mc.datapack.versions import VERSIONS
        from monopoli_mc.vanilla.data import load
        from monopoli_mc.vanilla.packmeta import check_mcmeta
        raw = (path / "pack.mcmeta").read_bytes()
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
