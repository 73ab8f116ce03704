execute as @a[scores={jail_card=0}] store success score @s monopoli.locked run scoreboard players enable @s jail_card
execute as @a[scores={jail_card=0,monopoli.locked=1}] run function monopoli:input/jail_card
execute as @a[scores={offer_to=0}] store success score @s monopoli.locked run scoreboard players enable @s offer_to
execute as @a[scores={offer_to=0,monopoli.locked=1}] run function monopoli:input/offer_to
schedule function monopoli:player/unlock/7 1t
