"""list, op, deop and stop: the server-admin commands a person tries first over RCON."""

from __future__ import annotations

from monopoli_mc.sandbox.failure import CommandError
from monopoli_mc.sandbox.registry import Run, handles
from monopoli_mc.sandbox.selection import entities_of
from monopoli_mc.sandbox.source import Source
from monopoli_mc.vanilla.selector import Selector as VanillaSelector
from monopoli_mc.vanilla.tree import Parsed


@handles("list", "list uuids")
def list_players(p: Parsed) -> Run:
    """list [uuids]: the online players (with their UUIDs, as `Name (uuid)`)."""
    uuids = p.literals == ("list", "uuids")

    def run(s: Source) -> int:
        names = [f"{p.name} ({p.uuid})" if uuids else p.name for p in s.world.online_players()]
        s.success(f"There are {len(names)} of a max of {s.world.max_players} players online: "
                  + ", ".join(names))
        return len(names)
    return run


@handles("stop")
def stop(p: Parsed) -> Run:
    """stop: ask whoever runs the world (the sandbox runner) to shut down."""

    def run(s: Source) -> int:
        s.success("Stopping the server")
        s.world.stop_requested.set()
        return 1
    return run


@handles("op")
def op(p: Parsed) -> Run:
    """op <targets>: their commands run at op-permission-level 4 (OpCommand.opPlayers: each profile not yet
    an operator is made one, and it fails when none was)."""
    targets = p.args["targets"]

    def run(s: Source) -> int:
        made = 0
        for profile in _profiles(s, targets):
            if profile not in s.world.ops:
                s.world.ops.add(profile)
                made += 1
                s.success(f"Made {profile} a server operator")
        if not made:
            raise CommandError("Nothing changed. The player already is an operator")
        return made
    return run


@handles("deop")
def deop(p: Parsed) -> Run:
    """deop <targets>: back to level 0 (DeOpCommand.deopPlayers, as `op`)."""
    targets = p.args["targets"]

    def run(s: Source) -> int:
        unmade = 0
        for profile in _profiles(s, targets):
            if profile in s.world.ops:
                s.world.ops.discard(profile)
                unmade += 1
                s.success(f"Made {profile} no longer a server operator")
        if not unmade:
            raise CommandError("Nothing changed. The player is not an operator")
        return unmade
    return run


def _profiles(s: Source, targets: VanillaSelector | str) -> list[str]:
    """GameProfileArgument.getGameProfiles: the selected players' profiles, or the named one (a name the
    server has never seen: "That player does not exist")."""
    if isinstance(targets, str):
        profile = _profile(s, targets)
        if profile is None:
            raise CommandError("That player does not exist")
        return [profile]
    return [player.name for player in entities_of(targets, players=True).players_of(s)]


def _profile(s: Source, name: str) -> str | None:
    """GameProfileArgument's name: the profile cache's entry for it in lower case (GameProfileCache.get:
    `toLowerCase(Locale.ROOT)`, each login putting its profile there), so the last of the names that
    differ only in case to have joined (ledger row N1)."""
    known = [n for n in s.world.players if n.lower() == name.lower()]
    return known[-1] if known else None
