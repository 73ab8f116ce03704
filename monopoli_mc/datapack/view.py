"""The view: card and deed books, prompts with chat buttons, messages, and the `ui/` calls.

Everything long is generated here from the board and decks, so the controller only
sends short macro calls such as `function monopoli:ui/card {player:"Alex",deck:"chance",card:7}`.
"""

from __future__ import annotations

from monopoli_mc.datapack.calls import BID_PROMPTS, BID_STEPS, BUY_PROMPTS, JAIL_PROMPTS, bid_prompt
from monopoli_mc.datapack.channel import CASH, JAR_HOLDER, WALK_TAG
from monopoli_mc.datapack.escape import TABLE, snbt_string
from monopoli_mc.datapack.hud import HOLD, message_hold
from monopoli_mc.datapack.pack import Pack
from monopoli_mc.datapack.text import Component, Dialect, button, hover, run, suggest, text, tpl
from monopoli_mc.datapack.world_config import MAX_PLAYERS, PAWN_COLORS
from monopoli_mc.rules.board import MAX_BOOK_TITLE, Board, Card, Space

DYE_TEXT = {"white": "#F9FFFE", "orange": "#F9801D", "magenta": "#C74EBD", "light_blue": "#3AB3DA",
            "yellow": "#C9A800", "lime": "#80C71F", "pink": "#F38BAA", "gray": "#474F52",
            "light_gray": "#9D9D97", "cyan": "#169C9C", "purple": "#8932B8", "blue": "#3C44AA",
            "brown": "#835432", "green": "#5E7C16", "red": "#B02E26", "black": "#1D1D21"}
DECK_NAMES = {"chance": ("Naughty & Nice", "gold"), "community_chest": ("Crates", "blue"),
              "competitor": ("Competitor", "green"), "monopolist": ("Monopolist", "dark_blue")}
PAWN_TEAM = "monopoli."  # + the banner colour: monopoli.red
MESSAGES = {"title": "title $(player) title", "subtitle": "title $(player) subtitle",
            "actionbar": "title $(player) actionbar", "tell": "tellraw $(player)"}


def add_view(pack: Pack, dialect: Dialect, board: Board) -> None:
    """Books, prompts and every `ui/` function the controller calls."""
    for deck, cards in board.decks.items():
        for card in cards:
            pack.function(f"card/{deck}/{card.index}", [_give(dialect, *_card_book(card))])
    for space in board.deeds:  # a macro: `game` stamps the book's [Trade it] with the game that gave it
        pack.function(f"deed/{space.index}", ["$" + _give(dialect, *_deed_book(board, space), macro=True)])
        for kind in BUY_PROMPTS:  # [Buy] only for a player who can pay (rules/pending.py)
            auction, can_buy = kind in ("buy", "auction_only"), kind in ("buy", "decline")
            pack.function(f"prompt/{kind}/{space.index}",
                          [_tell(dialect, _buy_line(space, board.bank, auction=auction, can_buy=can_buy))])
    _ui_books(pack, board)
    _ui_prompts(pack, dialect, board)
    for name, head in MESSAGES.items():
        # an action bar message holds back the table's line (hud.py) until it has been read
        hold = message_hold() if name == "actionbar" else []
        pack.function(f"ui/{name}", [f"${head} {dialect.arg(text(tpl('$(text)')))}"] + hold)
    _pawns(pack)
    pack.function("ui/enable", ["$execute as $(player) run function monopoli:player/enable"])
    pack.function("ui/cash", [f"$scoreboard players set $(player) {CASH} $(cash)"])
    # A player's table and cash in one call, so no tick between two requests shows one table's cash with
    # another's jar and turn (the hud's line reads both).
    pack.function("ui/seat", [f"$scoreboard players set $(player) {TABLE} $(table)",
                              f"$scoreboard players set $(player) {CASH} $(cash)"])
    jar = f"{JAR_HOLDER}$(board)"
    pack.function("ui/jar", [f"$scoreboard players set {jar} {CASH} $(cash)",
                             f"$scoreboard players display name {jar} {CASH} "
                             f"{dialect.arg(text(tpl('$(label)'), color='yellow'))}"])
    pack.function("ui/no_jar", [f"$scoreboard players reset {jar} {CASH}"])
    # A player of a table's last game, before its next one starts: everything that game gave them goes
    # (cash line, books, titles, walk tag, pawn colour, table seat); the new game's picture gives its own.
    pack.function("ui/leave", [f"$scoreboard players reset $(player) {CASH}",
                               f"$title $(player) actionbar {dialect.arg(text(''))}",  # the line goes at once
                               '$function monopoli:ui/take_books {player:"$(player)"}',
                               "$title $(player) clear",
                               f"$tag $(player) remove {WALK_TAG}",
                               "$team leave $(player)",
                               f"$scoreboard players reset $(player) {TABLE}",
                               f"$scoreboard players reset $(player) {HOLD}"])


def _pawns(pack: Pack) -> None:
    """A team per banner colour, made at load: a player joins one to show their pawn's colour."""
    pack.function("pawn/teams", [line for dye, chat in PAWN_COLORS.items()
                                 for line in (f"team add {PAWN_TEAM}{dye}",
                                              f"team modify {PAWN_TEAM}{dye} color {chat}")])
    pack.function_tags.setdefault("minecraft:load", []).append("monopoli:pawn/teams")
    pack.function("ui/pawn", [f"$team join {PAWN_TEAM}$(color) $(player)"])
    pack.function("ui/unpawn", ["$team leave $(player)"])


def _give(dialect: Dialect, title: str, author: str, pages: list[Component], data: str, *,
          macro: bool = False) -> str:
    if macro and not dialect.modern:  # SNBT before 1.21.5 cannot escape `$(`: a macro line would take it
        title, author = title.replace("$(", "$ ("), author.replace("$(", "$ (")
    content = (f"{{title:{snbt_string(title[:MAX_BOOK_TITLE], modern=dialect.modern)},"
               f"author:{snbt_string(author, modern=dialect.modern)},"
               f"pages:[{','.join(dialect.nbt(page) for page in pages)}]}}")
    return (f"give @s minecraft:written_book[minecraft:written_book_content={content},"
            f"minecraft:custom_data={{monopoli:{data}}}]")


def _tell(dialect: Dialect, parts: list[Component]) -> str:
    return f"tellraw @s {dialect.arg({'text': '', 'extra': parts})}"


def _card_book(card: Card) -> tuple[str, str, list[Component], str]:
    deck_name, color = DECK_NAMES[card.deck]
    keep = ("Keep this book until you use it." if card.effect == "get_out_of_jail"
            else "Give this book back when you are done.")
    page = {"text": "", "extra": [text(deck_name + "\n\n", color=color, bold=True),
                                  text(card.title + "\n\n", bold=True), text(card.text),
                                  text("\n\n" + keep, color="gray", italic=True)]}
    data = f'{{book:"card",deck:"{card.deck}",card:{card.index}}}'
    return card.title, deck_name, [page], data


def _deed_book(board: Board, space: Space) -> tuple[str, str, list[Component], str]:
    """The title deed: price, rents, costs; a second page with a monopolist's rents (Anti-Monopoly)."""
    group = board.groups[space.group or ""]
    sides = bool(space.monopoly_rent or group.monopoly_rent or group.monopoly_dice_multiplier)
    lines = [f"Price ${space.price}"] + (["Competitor rent:"] if sides else [])
    monopoly: list[str] = []
    if space.kind == "street":
        top = "an apartment" if sides else "a hotel"
        names = ["Rent", "With 1 house", "With 2 houses", "With 3 houses", "With 4 houses", f"With {top}"]
        lines += [f"{n} ${r}" for n, r in zip(names, space.rent)]
        lines.append(f"Houses cost ${group.house_cost} each")
        names = ["Rent", "With 1 house", "With 2 houses", "With 3 houses", f"With {top}"]
        monopoly = [f"{n} ${r}" for n, r in zip(names, space.monopoly_rent)]
        monopoly[:1] = [f"{monopoly[0]}, doubled in a city you have monopolised"] if monopoly else []
    elif space.kind == "railroad":
        lines += [f"{n} owned: rent ${r}" for n, r in enumerate(group.rent, start=1)]
        monopoly = [f"{n} owned: rent ${r}" for n, r in enumerate(group.monopoly_rent, start=1)]
    else:
        lines += [f"{n} owned: {m} x dice" for n, m in enumerate(group.dice_multiplier, start=1)]
        monopoly = [f"{n} owned: {m} x dice" for n, m in enumerate(group.monopoly_dice_multiplier, start=1)]
    lines.append(f"Mortgage value ${space.mortgage_value}")
    title = text(space.name + "\n\n", color=DYE_TEXT.get(group.color, "black"), bold=True)
    # `/trigger offer set <game><space, two digits>`: a press on a book of an earlier game is told as such
    trade = button("Trade it", tpl(f"/trigger offer set $(game){space.index:02d}"), "Put this deed in a trade offer")
    pages: list[Component] = [{"text": "", "extra": [text("TITLE DEED\n", color="gray"), title,
                                                     text("\n".join(lines) + "\n"), trade]}]
    if monopoly:
        pages.append({"text": "", "extra": [text("MONOPOLIST RENT\n", color="gray"), title,
                                            text("\n".join(monopoly))]})
    return space.name, board.bank.title(), pages, f'{{book:"deed",space:{space.index}}}'


def _buy_line(space: Space, bank: str, *, auction: bool, can_buy: bool = True) -> list[Component]:
    no = (button("Auction", "/trigger auction", f"Let the {bank} auction it", color="gold") if auction
          else button("Decline", "/trigger auction", f"Do not buy it: it stays with the {bank}", color="gold"))
    if not can_buy:
        return [text(f"{space.name} is for sale for ${space.price}, more than you have. ", color="yellow"), no]
    return [text(f"{space.name} is for sale. ", color="yellow"),
            button(f"Buy for ${space.price}", "/trigger buy", f"Buy {space.name} for ${space.price}"),
            text(" "), no]


def _ui_books(pack: Pack, board: Board) -> None:
    pack.function("ui/card", ["$execute as $(player) run function monopoli:card/$(deck)/$(card)"])
    pack.function("ui/deed", ["$execute as $(player) run function monopoli:deed/$(space) {game:$(game)}"])
    book = "minecraft:written_book[minecraft:custom_data={monopoli:"
    pack.function("ui/take_card",
                  [f'$clear $(player) {book}{{book:"card",deck:"$(deck)",card:$(card)}}}}]'])
    pack.function("ui/take_deed", [f'$clear $(player) {book}{{book:"deed",space:$(space)}}}}]'])
    # Every deed and card book the pack gives, taken back: `custom_data~` matches part of the data (vanilla's
    # NbtPredicate, NbtUtils.compareNbt partial), so one line a kind, whatever the space, card or game. A line
    # per book (`=` matches the data whole) was 60 commands a player parsed anew at every table change.
    partial = "minecraft:written_book[minecraft:custom_data~{monopoli:"
    pack.function("ui/take_books", [f'$clear $(player) {partial}{{book:"{kind}"}}}}]' for kind in ("deed", "card")])


def _ui_prompts(pack: Pack, dialect: Dialect, board: Board) -> None:
    roll = button("Roll", "/trigger d6", "Roll the dice")
    sides = {"competitor": button("Competitor", "/trigger role set 1", "Play as a competitor"),
             "monopolist": button("Monopolist", "/trigger role set 2", "Play as a monopolist", color="dark_blue")}
    prompts: dict[str, list[Component]] = {
        "roll": [text("Your turn. "), roll],
        "end": [button("End turn", "/trigger end_turn", "End your turn", color="gold")],
        "trade": [text("A trade is offered to you. "),
                  button("Accept", "/trigger accept", "Accept the trade"), text(" "),
                  button("Refuse", "/trigger refuse", "Refuse the trade", color="red")],
        "join": [button("Join the game", "/trigger join", "Take a seat at this board")],
        "bus": [text("The Bus! Move by: ", color="yellow")] + _spaced([
            button(tpl("$(first) spaces"), "/trigger bus set 1", "Move by the first white die"),
            button(tpl("$(second) spaces"), "/trigger bus set 2", "Move by the second white die"),
            button(tpl("$(sum) spaces"), "/trigger bus set 3", "Move by the sum of the white dice")]),
        "role": [text("Choose your side: ")] + _spaced([sides["competitor"], sides["monopolist"]]),
        "role/competitor": [text("Choose your side (the monopolists are full): "), sides["competitor"]],
        "role/monopolist": [text("Choose your side (the competitors are full): "), sides["monopolist"]],
        "triples": _triples(board),
        "offer": _spaced([button("Send the offer", "/trigger offer_send", "Propose this trade"),
                          button("Drop it", "/trigger offer_clear", "Forget this offer", color="red")]),
        "claim": [text(tpl("Rent of $$(rent) is due to you on space $(space). "), color="yellow"),
                  button(tpl("Claim $$(rent)"), tpl("/trigger claim set $(space)"),
                         "Claim it before the next player throws, or it is lost", color="gold")],
    }
    prompts.update(_jail_prompts(roll))
    prompts.update(_bid_prompts())
    for count in range(1, MAX_PLAYERS):  # whom to trade with: a button per other player
        prompts[f"offer_to/{count}"] = [text("Trade with: ")] + _spaced([
            button(tpl(f"$(n{k})"), tpl(f"/trigger offer_to set $(v{k})"), tpl(f"Offer the trade to $(n{k})"))
            for k in range(1, count + 1)])
    for name, parts in prompts.items():
        pack.function(f"ui/prompt/{name}", ["$" + _tell(dialect, parts).replace(
            "tellraw @s", "tellraw $(player)", 1)])
    pack.function("ui/prompt/buy",
                  ["$execute as $(player) run function monopoli:prompt/$(kind)/$(space)"])


def _jail_prompts(roll: Component) -> dict[str, list[Component]]:
    """`jail/<buttons>`: a prompt for each set of the three choices the rules may leave open (`jail_buttons`)."""
    pay = button(tpl("Pay $$(fine)"), "/trigger jail_pay", "Pay the fine and leave jail", color="gold")
    card = button("Use card", "/trigger jail_card", "Use your Get Out of Jail Free card", color="aqua")
    parts = {"roll": roll, "pay": pay, "card": card}
    out: dict[str, list[Component]] = {}
    for shown in JAIL_PROMPTS:
        head = "You are in jail. " if "roll" in shown else "Last turn in jail: leave it first, then throw. "
        out["jail/" + "_".join(shown)] = [text(head)] + _spaced([parts[b] for b in shown])
    return out


def _bid_prompts() -> dict[str, list[Component]]:
    """`bid/<n>[_other][_pass]`: the high bid, then the first n raises (+10, +50, +100: those the bidder can
    pay), [Other] when they may bid at all, [Pass] when they may pass (not the high bidder)."""
    bids = [button(f"+{step}", tpl(f"/trigger bid set $(p{step})"), tpl(f"Bid $$(p{step})")) for step in BID_STEPS]
    other = text("[Other]", color="gray", click_event=suggest("/trigger bid set "))
    # -1, no bid's value (controller/intents.PASS_BID): a [Pass] clicked after its auction is only a pass
    pass_ = button("Pass", "/trigger bid set -1", "Stop bidding: once every other player has passed, "
                   "the auction closes", color="red")
    out: dict[str, list[Component]] = {}
    for steps, others, passes in BID_PROMPTS:
        shown = bids[:steps] + ([other] if others else []) + ([pass_] if passes else [])
        out[bid_prompt(steps, others=others, passes=passes)] = (
            [text(tpl("High bid $$(high)$(by). "), color="yellow")] + _spaced(shown))
    return out


def _triples(board: Board) -> list[Component]:
    """Triples: a button for every space, one line per side of the board, in its group's colour."""
    n = len(board.spaces)
    parts: list[Component] = [text("Triples! Click the space to move to:", color="yellow")]
    for space in board.spaces:
        if space.index % 10 == 0:
            parts.append(text("\n"))
        group = board.groups.get(space.group or "")
        color = DYE_TEXT.get(group.color, "white") if group is not None else "white"
        value = space.index or n  # a trigger at 0 is never seen: GO is sent as 40
        label = str(space.index) if space.index or len(space.name) > 6 else space.name  # GO, Start
        parts += [text(f"[{label}]", color=color, click_event=run(f"/trigger goto set {value}"),
                       hover_event=hover(text(f"{space.index} {space.name}"))), text(" ")]
    return parts[:-1]


def _spaced(parts: list[Component]) -> list[Component]:
    out: list[Component] = []
    for part in parts:
        out += [part, text(" ")]
    return out[:-1]
