"""Players' advancements: progress, the block-use trigger, rewards, grant and revoke.

As vanilla's `PlayerAdvancements`: a criterion listens for a player only while that player
has not completed it and the advancement is not done; completing the last requirement runs
the reward function as the player (output suppressed, permission level 2), and a reward
that revokes its own advancement makes it listen again. `minecraft:default_block_use` fires
when a player's use of a block ran its default action, for a button even while it is down
(`ButtonBlock.useWithoutItem` answers CONSUME), with the block's centre as the origin.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection
from typing import Any

from monopoli_mc.sandbox.advancement_file import Advancement, AdvancementError, Condition, Location, read_advancement
from monopoli_mc.sandbox.model import Block, BlockPos, Player, Pos

BLOCK_USE = "minecraft:default_block_use"
Reward = Callable[[Player, str], None]
"""Runs an advancement's reward function (by id) for the player who completed it."""


class Advancements:
    """The loaded advancements of a world and what each player has of them."""

    def __init__(self, blocks: dict[BlockPos, Block], reward: Reward) -> None:
        self.blocks = blocks
        """The world's blocks, which location conditions look at."""
        self.reward = reward
        self.loaded: dict[str, Advancement] = {}

    def read(self, files: dict[str, Any], version: str, functions: Collection[str], problems: list[str]) -> None:
        """Load the packs' advancement files as vanilla does: a file it refuses is not there (told in `problems`)."""
        loaded: dict[str, Advancement] = {}
        for aid, data in files.items():
            try:
                adv = read_advancement(aid, data, version)
            except AdvancementError as e:
                problems.append(f"advancement {aid}: {e}")
                continue
            if adv.reward_function is not None and adv.reward_function not in functions:
                problems.append(f"advancement {aid}: reward function "
                                f"{adv.reward_function} does not exist (nothing runs)")
            loaded[aid] = adv
        self.load(loaded)

    def load(self, advancements: dict[str, Advancement]) -> None:
        """Replace the loaded set (on load and /reload), linking parents to children."""
        self.loaded = dict(advancements)
        for adv in self.loaded.values():
            adv.children.clear()
        for adv in self.loaded.values():
            if adv.parent in self.loaded:
                self.loaded[adv.parent].children.append(adv.id)

    def completed(self, player: Player, aid: str) -> set[str]:
        """The criteria of an advancement a player has completed (a live set)."""
        return player.advancements.setdefault(aid, set())

    def is_done(self, player: Player, aid: str) -> bool:
        """Whether the player has the advancement."""
        return self.loaded[aid].is_done(self.completed(player, aid))

    def use_block(self, player: Player, pos: BlockPos) -> None:
        """A player used the block at pos and its default action ran: fire the trigger."""
        origin = (pos[0] + 0.5, pos[1] + 0.5, pos[2] + 0.5)
        for aid, adv in list(self.loaded.items()):
            for name, crit in adv.criteria.items():
                if crit.trigger != BLOCK_USE or aid not in self.loaded:
                    continue
                done = self.completed(player, aid)
                if name in done or adv.is_done(done):
                    continue  # not listening
                if all(self._holds(c, player, origin) for c in crit.location):
                    self.award(player, aid, name)

    def award(self, player: Player, aid: str, criterion: str) -> bool:
        """Complete one criterion; the reward runs when the advancement becomes done."""
        adv = self.loaded[aid]
        done = self.completed(player, aid)
        if criterion in done:
            return False
        was_done = adv.is_done(done)
        done.add(criterion)
        if not was_done and adv.is_done(done):
            self._reward(player, adv)
        return True

    def revoke(self, player: Player, aid: str, criterion: str) -> bool:
        """Take one completed criterion back."""
        done = self.completed(player, aid)
        if criterion not in done:
            return False
        done.discard(criterion)
        return True

    def _reward(self, player: Player, adv: Advancement) -> None:
        if adv.reward_function is not None:
            self.reward(player, adv.reward_function)

    def _holds(self, cond: Condition, player: Player, origin: Pos) -> bool:
        if cond.kind == "any_of":
            return any(self._holds(t, player, origin) for t in cond.terms)
        if cond.kind == "all_of":
            return all(self._holds(t, player, origin) for t in cond.terms)
        if cond.kind == "inverted":
            return not self._holds(cond.terms[0], player, origin)
        at = (origin[0] + cond.offset[0], origin[1] + cond.offset[1], origin[2] + cond.offset[2])
        return cond.location is None or self._located(cond.location, player, at)

    def _located(self, loc: Location, player: Player, at: Pos) -> bool:
        if not all(b is None or b.matches(v) for b, v in zip(loc.position, at)):
            return False
        if loc.dimension is not None and loc.dimension != player.dimension:
            return False
        if loc.blocks is None and not loc.state:
            return True
        block = self.blocks.get((math.floor(at[0]), math.floor(at[1]), math.floor(at[2])))
        block_id = block.id if block is not None else "minecraft:air"
        if loc.blocks is not None and block_id not in loc.blocks:
            return False
        states = block.states if block is not None else {}
        return all(states.get(k) == v for k, v in loc.state)
