execute as @a[scores={end_turn=0}] store success score @s monopoli.locked run scoreboard players enable @s end_turn
execute as @a[scores={end_turn=0,monopoli.locked=1}] run function monopoli:input/end_turn
execute as @a[scores={offer_cash=0}] store success score @s monopoli.locked run scoreboard players enable @s offer_cash
execute as @a[scores={offer_cash=0,monopoli.locked=1}] run function monopoli:input/offer_cash
schedule function monopoli:player/unlock/5 1t
