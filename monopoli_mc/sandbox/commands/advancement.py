"""advancement grant|revoke, with vanilla's replies (AdvancementCommands)."""

from __future__ import annotations

from monopoli_mc.sandbox.advancements import Advancements
from monopoli_mc.sandbox.model import Player
from monopoli_mc.sandbox.failure import CommandError
from monopoli_mc.sandbox.registry import Run, handles
from monopoli_mc.sandbox.selection import entities_of
from monopoli_mc.sandbox.source import Source
from monopoli_mc.vanilla.tree import Parsed

_TO = {"grant": "to", "revoke": "from"}


@handles("advancement")
def advancement(p: Parsed) -> Run:
    """advancement grant|revoke <targets> everything | only <id> [<criterion>] | from|through|until <id>."""
    action, mode = p.literals[1], p.literals[2]
    targets = entities_of(p.args["targets"], players=True)
    aid: str | None = p.args.get("advancement")
    criterion: str | None = p.args.get("criterion")

    def run(s: Source) -> int:
        players = [p for p in targets.resolve(s) if isinstance(p, Player)]  # players=True: all are
        book = s.world.advancements
        if aid is not None and aid not in book.loaded:
            raise CommandError(f"Unknown advancement: {aid}")
        if criterion is not None and aid is not None:
            return _criterion(s, book, players, action, aid, criterion)
        chosen = _chosen(book, mode, aid)
        count = sum(_perform(book, p, action, a) for p in players for a in chosen)
        _report(s, book, action, chosen, players, count)
        return count
    return run


def _chosen(book: Advancements, mode: str, aid: str | None) -> list[str]:
    """getAdvancements: the node, with its parents (until, through) and subtree (from, through)."""
    if aid is None:
        return list(book.loaded)
    out: list[str] = []
    if mode in ("until", "through"):
        parent = book.loaded[aid].parent
        while parent is not None and parent in book.loaded:
            out.append(parent)
            parent = book.loaded[parent].parent
    out.append(aid)
    if mode in ("from", "through"):
        stack = list(reversed(book.loaded[aid].children))
        while stack:
            child = stack.pop()
            out.append(child)
            stack.extend(reversed(book.loaded[child].children))
    return out


def _perform(book: Advancements, player: Player, action: str, aid: str) -> bool:
    adv = book.loaded[aid]
    done = book.completed(player, aid)
    if action == "grant":
        if adv.is_done(done):
            return False
        for name in adv.criteria:
            book.award(player, aid, name)
        return True
    if not done:
        return False
    for name in list(done):
        book.revoke(player, aid, name)
    return True


def _report(s: Source, book: Advancements, action: str, chosen: list[str], players: list[Player],
            count: int) -> None:
    verb, to = ("Granted", "to") if action == "grant" else ("Revoked", "from")
    one_adv = len(chosen) == 1
    what = f"the advancement {book.loaded[chosen[0]].chat_name()}" if one_adv else f"{len(chosen)} advancements"
    who = players[0].name if len(players) == 1 else f"{len(players)} players"
    if count == 0:
        why = ("as they already have it" if action == "grant" else "as they don't have it") if one_adv else \
              ("as they already have them" if action == "grant" else "as they don't have them")
        what = f"advancement {book.loaded[chosen[0]].chat_name()}" if one_adv else what
        raise CommandError(f"Couldn't {action} {what} {to} {who} {why}")
    s.success(f"{verb} {what} {to} {who}")


def _criterion(s: Source, book: Advancements, players: list[Player], action: str, aid: str,
               criterion: str) -> int:
    adv = book.loaded[aid]
    if criterion not in adv.criteria:
        raise CommandError(f"The advancement {adv.chat_name()} does not contain the criterion '{criterion}'")
    act = book.award if action == "grant" else book.revoke
    count = sum(act(p, aid, criterion) for p in players)
    verb, to = ("Granted", _TO[action]) if action == "grant" else ("Revoked", _TO[action])
    who = players[0].name if len(players) == 1 else f"{len(players)} players"
    if count == 0:
        have = "already have it" if action == "grant" else "don't have it"
        raise CommandError(f"Couldn't {action} criterion '{criterion}' of advancement "
                           f"{adv.chat_name()} {to} {who} as they {have}")
    s.success(f"{verb} criterion '{criterion}' of advancement {adv.chat_name()} {to} {who}")
    return count
