"""A datapack's files as the server finds them: a folder, or a `.zip` with the pack at its top.

Read from vanilla's `PackDetector.detectPackResources` (client1.20.5 and client1.21.4; 1.21.11's
`ResourcePackOpener` is the same): a folder is a pack when it holds
`pack.mcmeta`; a regular file is a pack only when its name ends in `.zip`
(`FolderRepositorySource.FolderPackDetector.createZipPack`), and `FilePackResources` reads that
zip with no prefix, so its `pack.mcmeta` and `data/` sit at the top of the archive; entries that
are folders are skipped when listing (`FilePackResources.listResources`). A pack without
metadata is not added (`Pack.readPackMetadata`: "Missing metadata in pack"). The sandbox differs
there on purpose: it refuses such a pack with what to do (a zip with the pack one folder down is
the organiser's likely mistake), where vanilla starts without it (ledger row P2).
"""

from __future__ import annotations

import pathlib
import zipfile
from dataclasses import dataclass
from typing import Protocol

from monopoli_mc.errors import SandboxError


class Readable(Protocol):
    """Something whose bytes can be read when needed (a file in a folder, an entry of a zip)."""

    def read_bytes(self) -> bytes:
        """The file's bytes."""


@dataclass(frozen=True)
class ZipMember:
    """One file inside a zipped pack, read when the pack was (re)loaded."""

    data: bytes

    def read_bytes(self) -> bytes:
        """The entry's bytes."""
        return self.data


def pack_files(path: pathlib.Path) -> dict[str, Readable]:
    """Every file of the pack at `path` by its path inside the pack (`data/ns/function/x.mcfunction`).

    Raises SandboxError, naming the path and what to give instead, when it is not a pack.
    """
    if not path.exists():
        raise SandboxError(f"no such datapack folder or zip: '{path}'")
    if path.is_dir():
        if not (path / "pack.mcmeta").is_file():
            raise SandboxError(f"not a datapack (no pack.mcmeta): '{path}'")
        return {f.relative_to(path).as_posix(): f for f in sorted(path.rglob("*")) if f.is_file()}
    if path.suffix != ".zip":
        raise SandboxError(f"not a datapack folder or .zip but a file: '{path}' (the server "
                           f"takes only a folder with pack.mcmeta, or a file named *.zip)")
    return _zip_files(path)


def _zip_files(path: pathlib.Path) -> dict[str, Readable]:
    try:
        with zipfile.ZipFile(path) as z:
            files: dict[str, Readable] = {i.filename: ZipMember(z.read(i)) for i in z.infolist()
                                          if not i.is_dir()}
    except (zipfile.BadZipFile, OSError) as exc:
        raise SandboxError(f"cannot open the datapack zip '{path}': {exc}") from None
    if "pack.mcmeta" not in files:
        nested = sorted(n for n in files if n.endswith("/pack.mcmeta"))
        hint = (f"; it holds {nested[0]}: zip what is inside that folder, so that pack.mcmeta is at "
                f"the top" if nested else "")
        raise SandboxError(f"not a datapack (no pack.mcmeta at the top of the zip): '{path}'{hint}")
    return dict(sorted(files.items()))
