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

A pack that is a symbolic link, or holds one, whose target `allowed_symlinks.txt` (in the server's
folder) does not allow is ignored by vanilla with a log line (1.21.11 `ResourcePackOpener.open`,
`SymlinkFinder`, `LevelStorage.createSymlinkFinder`: no file, no link allowed). The sandbox refuses
it with what to do, as for P2 (ledger row E10); it reads `allowed_symlinks.txt` from the folder it
is started in, as a server does, and models its plain (prefix) lines only.
"""

from __future__ import annotations

import os
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
    forbidden = forbidden_symlinks(path, allowed_symlinks(pathlib.Path(ALLOWED_SYMLINKS)))
    if forbidden:
        links = ", ".join(f"{link}->{target}" for link, target in forbidden)
        raise SandboxError(f"the datapack '{path}' is or holds a symbolic link ({links}): a server ignores "
                           f"such a pack (\"Ignoring potential pack entry\") unless {ALLOWED_SYMLINKS} in its "
                           "folder allows the target; copy the pack into datapacks/ instead, or add the "
                           f"target's folder as a line of {ALLOWED_SYMLINKS}")
    if path.is_dir():
        if not (path / "pack.mcmeta").is_file():
            raise SandboxError(f"not a datapack (no pack.mcmeta): '{path}'")
        return {f.relative_to(path).as_posix(): f for f in sorted(path.rglob("*")) if f.is_file()}
    if path.suffix != ".zip":
        raise SandboxError(f"not a datapack folder or .zip but a file: '{path}' (the server "
                           f"takes only a folder with pack.mcmeta, or a file named *.zip)")
    return _zip_files(path)


ALLOWED_SYMLINKS = "allowed_symlinks.txt"


def allowed_symlinks(file: pathlib.Path) -> list[str]:
    """The prefixes `allowed_symlinks.txt` allows (AllowedSymlinkPathMatcher.Entry.readLine: blank and
    `#` lines skipped, a line without `[type]` or with `[prefix]` is a prefix of the link's target);
    `[glob]`/`[regex]` lines are not modelled, so they allow nothing here (the refusing side)."""
    if not file.is_file():
        return []
    prefixes: list[str] = []
    for line in file.read_text(encoding="utf-8", errors="replace").splitlines():
        if line.strip() and not line.startswith("#"):
            if not line.startswith("["):
                prefixes.append(line)
            elif line.startswith("[prefix]"):
                prefixes.append(line[len("[prefix]"):])
    return prefixes


def forbidden_symlinks(path: pathlib.Path, allowed: list[str]) -> list[tuple[str, str]]:
    """(link, target) of each symbolic link at `path` or under it (a folder's, as validateRecursively
    walks it) whose target starts with no allowed prefix."""
    found: list[tuple[str, str]] = []

    def check(link: pathlib.Path) -> None:
        target = os.readlink(link)
        if not any(target.startswith(prefix) for prefix in allowed):
            found.append((str(link), target))
    root = path
    if path.is_symlink():
        check(path)
        if found:
            return found
        root = pathlib.Path(os.readlink(path))
        root = root if root.is_absolute() else path.parent / root
    if root.is_dir():
        for folder, dirs, files in os.walk(root):
            for name in [*dirs, *files]:
                if (pathlib.Path(folder) / name).is_symlink():
                    check(pathlib.Path(folder) / name)
    return found


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
