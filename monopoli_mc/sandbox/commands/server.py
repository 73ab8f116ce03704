"""list, op, deop and stop: the server-admin commands a person tries first over RCON."""

from __future__ import annotations

from monopoli_mc.sandbox.reader import CommandError, Reader
from monopoli_mc.sandbox.registry import Run, command
from monopoli_mc.sandbox.source import Source


@command("list", level=0)
def list_players(r: Reader) -> Run:
    """list [uuids]: the online players (with their UUIDs, as `Name (uuid)`)."""
    uuids = r.next_arg() and r.literal(("uuids",)) == "uuids"
    r.finish()

    def run(s: Source) -> int:
        names = [f"{p.name} ({p.uuid})" if uuids else p.name for p in s.world.online_players()]
        s.success(f"There are {len(names)} of a max of {s.world.max_players} players online: "
                  + ", ".join(names))
        return len(names)
    return run


@command("stop", level=4)
def stop(r: Reader) -> Run:
    """stop: ask whoever runs the world (the sandbox runner) to shut down."""
    r.finish()

    def run(s: Source) -> int:
        s.success("Stopping the server")
        s.world.stop_requested.set()
        return 1
    return run


@command("op", level=3)
def op(r: Reader) -> Run:
    """op <name>: the player's commands run at op-permission-level 4 (vanilla's commands.op.*)."""
    r.need_arg()
    name = r.read_unquoted()
    r.finish()

    def run(s: Source) -> int:
        profile = _profile(s, name)
        if profile is None:  # a profile the server has seen
            raise CommandError("That player does not exist")
        if profile in s.world.ops:
            raise CommandError("Nothing changed. The player already is an operator")
        s.world.ops.add(profile)
        s.success(f"Made {profile} a server operator")
        return 1
    return run


@command("deop", level=3)
def deop(r: Reader) -> Run:
    """deop <name>: back to level 0 (vanilla's commands.deop.*)."""
    r.need_arg()
    name = r.read_unquoted()
    r.finish()

    def run(s: Source) -> int:
        profile = _profile(s, name)
        if profile is None or profile not in s.world.ops:
            raise CommandError("Nothing changed. The player is not an operator")
        s.world.ops.discard(profile)
        s.success(f"Made {profile} no longer a server operator")
        return 1
    return run


def _profile(s: Source, name: str) -> str | None:
    """GameProfileArgument's name: the profile cache's entry for it in lower case (GameProfileCache.get:
    `toLowerCase(Locale.ROOT)`, each login putting its profile there), so the last of the names that
    differ only in case to have joined (ledger row N1)."""
    known = [n for n in s.world.players if n.lower() == name.lower()]
    return known[-1] if known else None
