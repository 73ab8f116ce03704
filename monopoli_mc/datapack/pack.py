"""The pack as a value (path -> contents), written to disk in one place as a folder and a zip."""

from __future__ import annotations

import io
import json
import shutil
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from monopoli_mc.datapack.versions import McVersion

NAMESPACE = "monopoli"
_ZIP_DATE = (1980, 1, 1, 0, 0, 0)  # fixed, so the zip is the same bytes every build


@dataclass
class Pack:
    """A datapack for one Minecraft version: functions, tags and other files by path."""

    version: McVersion
    description: str = "Monopoli MC"
    functions: dict[str, list[str]] = field(default_factory=dict)  # "monopoli:ui/card" -> lines
    function_tags: dict[str, list[str]] = field(default_factory=dict)  # "minecraft:load" -> ids
    structures: dict[str, bytes] = field(default_factory=dict)  # "monopoli:board" -> .nbt bytes
    advancements: dict[str, dict[str, object]] = field(default_factory=dict)  # id -> its JSON

    def function(self, name: str, lines: list[str]) -> str:
        """Add a function (`monopoli:` is implied) and return its full id."""
        full = name if ":" in name else f"{NAMESPACE}:{name}"
        if full in self.functions:
            raise ValueError(f"function defined twice: {full!r}")
        self.functions[full] = list(lines)
        return full

    def folder(self, kind: str) -> str:
        """The folder name for a resource kind ('function', 'structure', 'tags/function', ...)."""
        if self.version.has_singular_folders:
            return kind
        return {"function": "functions", "structure": "structures", "advancement": "advancements",
                "tags/function": "tags/functions"}[kind]

    def mcmeta(self) -> dict[str, object]:
        """pack.mcmeta for the version: pack_format, or min/max_format from 1.21.9."""
        major, minor = self.version.pack_format
        pack: dict[str, object] = {"description": self.description}
        if self.version.has_min_max_format:
            pack["min_format"] = [major, minor]
            pack["max_format"] = [major, minor]
        else:
            pack["pack_format"] = major
        return {"pack": pack}

    def files(self) -> dict[str, bytes]:
        """Every file of the pack by its path inside the pack, sorted."""
        out: dict[str, bytes] = {"pack.mcmeta": _json(self.mcmeta())}
        for full, lines in self.functions.items():
            ns, path = full.split(":", 1)
            out[f"data/{ns}/{self.folder('function')}/{path}.mcfunction"] = (
                "\n".join(lines) + "\n").encode("utf-8")
        for full, values in self.function_tags.items():
            ns, path = full.split(":", 1)
            out[f"data/{ns}/{self.folder('tags/function')}/{path}.json"] = _json({"values": values})
        for full, advancement in self.advancements.items():
            ns, path = full.split(":", 1)
            out[f"data/{ns}/{self.folder('advancement')}/{path}.json"] = _json(advancement)
        for full, data in self.structures.items():
            ns, path = full.split(":", 1)
            out[f"data/{ns}/{self.folder('structure')}/{path}.nbt"] = data
        return dict(sorted(out.items()))


def _json(value: object) -> bytes:
    return (json.dumps(value, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def zip_bytes(files: dict[str, bytes]) -> bytes:
    """The pack as a zip with fixed timestamps (same input, same bytes)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in sorted(files.items()):
            info = zipfile.ZipInfo(path, date_time=_ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return buffer.getvalue()


def write_pack(pack: Pack, out: Path, name: str = NAMESPACE) -> tuple[Path, Path]:
    """Write `out/<name>/` (replacing it) and `out/<name>.zip`; return both paths."""
    files = pack.files()
    folder = out / name
    if folder.exists():
        shutil.rmtree(folder)
    for path, data in files.items():
        target = folder / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    archive = out / f"{name}.zip"
    archive.write_bytes(zip_bytes(files))
    return folder, archive
