execute as @a[scores={sell=0}] store success score @s monopoli.locked run scoreboard players enable @s sell
execute as @a[scores={sell=0,monopoli.locked=1}] run function monopoli:input/sell
execute as @a[scores={offer_clear=0}] store success score @s monopoli.locked run scoreboard players enable @s offer_clear
execute as @a[scores={offer_clear=0,monopoli.locked=1}] run function monopoli:input/offer_clear
schedule function monopoli:player/unlock/9 1t
