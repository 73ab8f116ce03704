"""give, clear and item replace."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from nbtlib import Compound, List

from monopoli_mc.sandbox.values import Vec, item_name, item_of, vec_of
from monopoli_mc.sandbox.entities import ItemFrame
from monopoli_mc.sandbox.model import Entity, ItemStack, Player
from monopoli_mc.sandbox.nbt_path import matches
from monopoli_mc.sandbox.nbt_tags import from_vanilla
from monopoli_mc.sandbox.failure import UNKNOWN_ARGUMENT, CommandError
from monopoli_mc.sandbox.registry import Refused, Run, handles
from monopoli_mc.sandbox.selection import EntityArg, entities_of
from monopoli_mc.sandbox.source import Source
from monopoli_mc.vanilla.items import ItemInput
from monopoli_mc.vanilla.tree import Parsed

ItemTest = Callable[[ItemStack], bool]
SLOTS = {"weapon.offhand": -106, "armor.feet": 100, "armor.legs": 101, "armor.chest": 102,
         "armor.head": 103}


@handles("give")
def give(p: Parsed) -> Run:
    """give <targets> <item> [count]."""
    targets = entities_of(p.args["targets"], players=True)
    item, count = item_of(p.args["item"]), p.args.get("count", 1)
    return lambda s: _give(s, targets, item, count)


def _give(s: Source, targets: EntityArg, item: ItemStack, count: int) -> int:
    players = targets.players_of(s)
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


@handles("clear")
def clear(p: Parsed) -> Run:
    """clear [targets] [item] [maxCount]."""
    targets = entities_of(p.args["targets"], players=True) if "targets" in p.args else None
    item = item_test(p.args["item"]) if "item" in p.args else None
    limit = p.args.get("maxCount", -1)

    def run(s: Source) -> int:
        if targets is None:
            if not isinstance(s.entity, Player):
                raise CommandError("A player is required to run this command here")
            players = [s.entity]
        else:
            players = targets.players_of(s)
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


def _clear(p: Player, item: ItemTest | None, limit: int) -> int:
    removed = 0
    for slot, st in sorted(p.inventory.items()):
        if item is not None and not item(st):
            continue
        take = st.count if limit < 0 else min(st.count, max(0, limit - removed))
        if limit != 0:
            st.count -= take
            if st.count == 0:
                del p.inventory[slot]
        removed += take if limit != 0 else st.count
    return removed


def _slot_keys(entity: Entity, name: str) -> list[int]:
    """The inventory keys a slot name (or a `*` range) reaches on an entity; [] if none."""
    if isinstance(entity, ItemFrame):
        return [0] if name in ("container.0", "container.*") else []
    if not isinstance(entity, Player):
        return []
    group, _, num = name.partition(".")
    if name in ("weapon", "weapon.mainhand"):
        return [entity.selected_slot]
    if name in SLOTS:
        return [SLOTS[name]]
    ranges = {"container": range(36), "hotbar": range(9), "inventory": range(9, 36),
              "weapon": range(0), "armor": range(100, 104)}
    if group not in ranges:
        return []
    if num == "*":
        extra = [entity.selected_slot, SLOTS["weapon.offhand"]] if group == "weapon" else []
        return list(ranges[group]) + extra
    if not num.isdigit():
        return []
    key = int(num) + (9 if group == "inventory" else 0)
    return [key] if key in ranges[group] else []


def get_item(entity: Entity, slot: str) -> ItemStack | None:
    """The item in one slot of an entity (None when empty or no such slot)."""
    keys = _slot_keys(entity, slot)
    if not keys:
        return None
    if isinstance(entity, ItemFrame):
        return entity.item
    assert isinstance(entity, Player)
    return entity.inventory.get(keys[0])


def items_in(entity: Entity, slots: str) -> list[ItemStack]:
    """The items in every slot a slot range names."""
    if isinstance(entity, ItemFrame):
        return [entity.item] if entity.item is not None and _slot_keys(entity, slots) else []
    if not isinstance(entity, Player):
        return []
    return [st for key in dict.fromkeys(_slot_keys(entity, slots)) if (st := entity.inventory.get(key))]


def _put(entity: Entity, slot: str, stack: ItemStack | None) -> bool:
    keys = _slot_keys(entity, slot)
    if not keys:
        return False
    copied = None if stack is None else ItemStack(stack.id, stack.count, copy.deepcopy(stack.components))
    if isinstance(entity, ItemFrame):
        entity.item = copied
    elif isinstance(entity, Player):
        if copied is None:
            entity.inventory.pop(keys[0], None)
        else:
            entity.inventory[keys[0]] = copied
    return True


@handles("item")
def item_cmd(p: Parsed) -> Run:
    """item replace entity|block <target> <slot> with <item> [count] | from entity|block <source> <slot>;
    the sandbox applies no item modifier (`item modify`)."""
    if p.literals[1] != "replace":  # refused where the word begins, as an argument the sandbox lacks
        raise Refused(UNKNOWN_ARGUMENT, p.starts[1])
    slot: str = p.args["slot"]
    target: EntityArg | Vec = entities_of(p.args["targets"]) if p.literals[2] == "entity" \
        else vec_of(p.args["pos"], block=True)
    if p.literals[3] == "from":
        source = _source(p, p.literals[4])
        if isinstance(target, EntityArg):
            return lambda s: _replace_entity(s, target, slot, source(s))
        return lambda s: _replace_block(s, target, slot, source(s))
    item = item_of(p.args["item"])
    stack = ItemStack(item.id, p.args.get("count", 1), item.components)
    if isinstance(target, EntityArg):
        return lambda s: _replace_entity(s, target, slot, stack)
    return lambda s: _replace_block(s, target, slot, stack)


def _source(p: Parsed, kind: str) -> Callable[[Source], ItemStack | None]:
    """`from entity|block <source> <sourceSlot>`: the item to copy, read when the command runs."""
    slot: str = p.args["sourceSlot"]
    if kind == "block":
        pos = vec_of(p.args["source"], block=True)
        return lambda s: _block_item(s, pos, slot)
    source = entities_of(p.args["source"], single=True)

    def read(s: Source) -> ItemStack | None:
        return get_item(source.resolve(s)[0], slot)
    return read


CONTAINER_SIZE = 27
"""The slots of the containers the sandbox models (chest, barrel: ChestBlockEntity's 27)."""


def _container(s: Source, pos: Vec, role: str) -> tuple[Compound, tuple[int, int, int]]:
    """ItemCommands.getContainer: the block entity's data, or "… is not a container"."""
    bp = pos.block(s)
    block = s.world.blocks.get(bp)
    if block is None or block.nbt is None or "Items" not in block.nbt and "chest" not in block.id \
            and "barrel" not in block.id:
        raise CommandError(f"{role} position {bp[0]}, {bp[1]}, {bp[2]} is not a container")
    return block.nbt, bp


_RANGES = {"container": 0, "hotbar": 0, "inventory": 9, "enderchest": 200, "villager": 300, "horse": 500,
           "player.crafting": 500}
_SLOT_IDS = {"contents": 0, "weapon": 98, "weapon.mainhand": 98, "weapon.offhand": 99, "armor.feet": 100,
             "armor.legs": 101, "armor.chest": 102, "armor.head": 103, "armor.body": 105, "saddle": 106,
             "horse.saddle": 400, "horse.chest": 499, "player.cursor": 499}


def slot_id(slot: str) -> int:
    """A slot name's index (SlotRanges, 1.21.11: `container.N` and `hotbar.N` are N,
    `inventory.N` 9+N, `weapon.mainhand` 98 …; `horse.saddle` is 1.21.4's 400)."""
    group, _, num = slot.rpartition(".")
    if num.isdigit() and group in _RANGES:
        return _RANGES[group] + int(num)
    return _SLOT_IDS.get(slot, -1)


def _block_index(slot: str, role: str) -> int:
    """ItemCommands: a block's slot must be within its container (`slot < getContainerSize()`),
    else "The … does not have slot N" with the slot's index."""
    index = slot_id(slot)
    if not 0 <= index < CONTAINER_SIZE:
        raise CommandError(f"The {role} does not have slot {index}")
    return index


def _block_item(s: Source, pos: Vec, slot: str) -> ItemStack | None:
    data, _ = _container(s, pos, "Source")
    index = _block_index(slot, "source")
    found = [i for i in data.get("Items", []) if int(i.get("Slot", -1)) == index]
    return ItemStack.from_nbt(found[0]) if found else None


def _replace_entity(s: Source, target: EntityArg, slot: str, stack: ItemStack | None) -> int:
    ents = [e for e in target.resolve(s) if _put(e, slot, stack)]
    if not ents:
        raise CommandError(f"No targets accepted item into slot {slot}")
    shown = f"[{item_name(stack)}]" if stack is not None else "[Air]"
    s.success(f"Replaced a slot on {ents[0].name} with {shown}" if len(ents) == 1
              else f"Replaced a slot on {len(ents)} entities with {shown}")
    return len(ents)


def _replace_block(s: Source, target: Vec, slot: str, stack: ItemStack | None) -> int:
    data, (x, y, z) = _container(s, target, "Target")
    index = _block_index(slot, "target")
    items = [i for i in data.get("Items", List[Compound]()) if int(i.get("Slot", -1)) != index]
    if stack is not None:
        items.append(stack.to_nbt(index))
    data["Items"] = List[Compound](items)
    s.success(f"Replaced a slot at {x}, {y}, {z} with [{item_name(stack) if stack is not None else 'Air'}]")
    return 1


def item_test(parsed: ItemInput) -> ItemTest:
    """An item predicate vanilla parsed as a test of a stack: the id (`*` any), then every group of
    component tests, one of each group's alternatives holding. The sandbox knows no item tag: each is
    refused in vanilla's words for a tag the server lacks (`arguments.item.tag.unknown`); of the
    sub-predicates (`~`) it models `custom_data` alone, and refuses the others."""
    if parsed.id.startswith("#"):
        raise CommandError(f"Unknown item tag '{parsed.id[1:]}'")
    groups = [[_component_test(how, key, value) for how, key, value in group] for group in parsed.components]
    item_id = parsed.id
    return lambda st: (item_id == "*" or st.id == item_id) and all(any(t(st) for t in g) for g in groups)


def _component_test(how: str, key: str, value: Any) -> ItemTest:
    if how in ("=", "!="):
        want = from_vanilla(value)
        return (lambda st: st.components.get(key) != want) if how == "!=" else _equals(key, want)
    if how in ("", "!"):
        return _present(key, negated=how == "!")
    if key == "minecraft:custom_data" and isinstance(value, dict):  # `custom_data~{…}`, or `!custom_data~{…}`
        return _custom_data(from_vanilla(value), negated=how == "!~")
    raise CommandError(f"the sandbox does not model the item sub-predicate {key}~")


def _custom_data(want: Compound, *, negated: bool) -> ItemTest:
    """`custom_data~{…}`: the stack's custom data (none is empty) holds the given part, compared as
    NbtUtils.compareNbt(want, data, true) does (ItemCustomDataPredicate to 1.21.4, CustomDataPredicate from
    1.21.5: NbtPredicate.matches(stack) over `CUSTOM_DATA` or CustomData.EMPTY)."""
    return lambda st: matches(want, st.components.get("minecraft:custom_data", Compound())) != negated


def _equals(key: str, want: object) -> ItemTest:
    return lambda st: st.components.get(key) == want


def _present(key: str, *, negated: bool) -> ItemTest:
    return lambda st: (key in st.components) != negated
