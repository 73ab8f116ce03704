"""give, clear and item replace."""

from __future__ import annotations

import copy

from nbtlib import Compound, List

from monopoli_mc.sandbox.args import Vec, item_name, read_item, read_vec
from monopoli_mc.sandbox.commands import Run, command
from monopoli_mc.sandbox.model import ItemStack, Player
from monopoli_mc.sandbox.reader import CommandError, Reader
from monopoli_mc.sandbox.selectors import EntityArg, read_entity
from monopoli_mc.sandbox.source import Source

SLOTS = {"weapon.offhand": -106, "armor.feet": 100, "armor.legs": 101, "armor.chest": 102,
         "armor.head": 103}


@command("give")
def give(r: Reader) -> Run:
    """give <targets> <item> [count]."""
    r.need_arg()
    targets = read_entity(r, players=True)
    r.need_arg()
    item = read_item(r)
    count = 1
    if r.next_arg():
        at = r.cursor
        count = r.read_int()
        if count < 1:
            raise r.error(f"Integer must not be less than 1, found {count}", at=at)
    r.finish()
    return lambda s: _give(s, targets, item, count)


def _give(s: Source, targets: EntityArg, item: ItemStack, count: int) -> int:
    players = targets.resolve(s)
    if count > item.max_stack() * 100:
        raise CommandError(f"Can't give more than {item.max_stack() * 100} of [{item_name(item)}]")
    for p in players:
        add_item(p, ItemStack(item.id, count, copy.deepcopy(item.components)))
    shown = f"[{item_name(item)}]"
    if len(players) == 1:
        s.success(f"Gave {count} {shown} to {players[0].name}")
    else:
        s.success(f"Gave {count} {shown} to {len(players)} players")
    return len(players)


def add_item(p: Player, item: ItemStack) -> None:
    """Put an item in the inventory as vanilla does: top up stacks, then empty slots."""
    left = item.count
    for slot in list(range(36)):
        st = p.inventory.get(slot)
        if st is not None and st.same_kind(item) and st.count < st.max_stack():
            add = min(left, st.max_stack() - st.count)
            st.count += add
            left -= add
        if left == 0:
            return
    for slot in range(36):
        if slot not in p.inventory:
            add = min(left, item.max_stack())
            p.inventory[slot] = ItemStack(item.id, add, copy.deepcopy(item.components))
            left -= add
            if left == 0:
                return


@command("clear")
def clear(r: Reader) -> Run:
    """clear [targets] [item] [maxCount]."""
    targets = read_entity(r, players=True) if r.next_arg() else None
    item = read_item(r) if targets is not None and r.next_arg() else None
    limit = r.read_int() if item is not None and r.next_arg() else -1
    r.finish()

    def run(s: Source) -> int:
        if targets is None:
            if s.entity is None:
                raise CommandError("An entity is required to run this command here")
            players = [s.entity]
        else:
            players = targets.resolve(s)
        total = sum(_clear(p, item, limit) for p in players)
        one = len(players) == 1
        who = f"player {players[0].name}" if one else f"{len(players)} players"
        if total == 0 and limit != 0:
            raise CommandError(f"No items were found on {who}")
        verb = "Found" if limit == 0 else "Removed"
        what = "matching item(s) on" if limit == 0 else "item(s) from"
        s.success(f"{verb} {total} {what} {who}")
        return total
    return run


def _clear(p: Player, item: ItemStack | None, limit: int) -> int:
    removed = 0
    for slot, st in sorted(p.inventory.items()):
        if item is not None and (st.id != item.id or not _has_components(st, item)):
            continue
        take = st.count if limit < 0 else min(st.count, max(0, limit - removed))
        if limit != 0:
            st.count -= take
            if st.count == 0:
                del p.inventory[slot]
        removed += take if limit != 0 else st.count
    return removed


def _has_components(st: ItemStack, want: ItemStack) -> bool:
    return all(st.components.get(k) == v for k, v in want.components.items())


def slot_number(name: str) -> int | None:
    """A slot name (`hotbar.0`, `container.5`, `weapon.mainhand`) as an inventory index."""
    if name in SLOTS:
        return SLOTS[name]
    group, _, num = name.partition(".")
    if not num.isdigit():
        return 0 if name == "weapon.mainhand" or name == "weapon" else None
    n = int(num)
    return {"hotbar": n if n < 9 else None, "inventory": 9 + n if n < 27 else None,
            "container": n}.get(group)


@command("item")
def item_cmd(r: Reader) -> Run:
    """item replace entity|block <target> <slot> with <item> [count]."""
    r.need_arg()
    r.literal(("replace",))
    r.need_arg()
    kind = r.literal(("entity", "block"))
    r.need_arg()
    target: EntityArg | Vec = read_entity(r) if kind == "entity" else read_vec(r, block=True)
    r.need_arg()
    at = r.cursor
    slot_text = r.read_word()
    slot = slot_number(slot_text)
    if slot is None:
        raise r.error(f"Unknown slot '{slot_text}'", at=at)
    r.need_arg()
    r.literal(("with",))
    r.need_arg()
    item = read_item(r)
    count = r.read_int() if r.next_arg() else 1
    r.finish()
    stack = ItemStack(item.id, count, item.components)
    if isinstance(target, EntityArg):
        return lambda s: _replace_entity(s, target, slot, stack)
    return lambda s: _replace_block(s, target, slot, stack)


def _replace_entity(s: Source, target: EntityArg, slot: int, stack: ItemStack) -> int:
    players = target.resolve(s)
    for p in players:
        p.inventory[slot] = ItemStack(stack.id, stack.count, copy.deepcopy(stack.components))
    shown = f"[{item_name(stack)}]"
    s.success(f"Replaced a slot on {players[0].name} with {shown}" if len(players) == 1
              else f"Replaced a slot on {len(players)} entities with {shown}")
    return len(players)


def _replace_block(s: Source, target: Vec, slot: int, stack: ItemStack) -> int:
    bp = target.block(s)
    block = s.world.blocks.get(bp)
    x, y, z = bp
    if block is None or block.nbt is None or "Items" not in block.nbt and "chest" not in block.id:
        raise CommandError(f"Target position {x}, {y}, {z} is not a container")
    assert block.nbt is not None
    items = [i for i in block.nbt.get("Items", List[Compound]()) if int(i.get("Slot", -1)) != slot]
    items.append(stack.to_nbt(slot))
    block.nbt["Items"] = List[Compound](items)
    s.success(f"Replaced a slot at {x}, {y}, {z} with [{item_name(stack)}]")
    return 1
