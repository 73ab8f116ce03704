execute as @a[scores={bid=0}] store success score @s monopoli.locked run scoreboard players enable @s bid
execute as @a[scores={bid=0,monopoli.locked=1}] run function monopoli:input/bid
execute as @a[scores={offer=0}] store success score @s monopoli.locked run scoreboard players enable @s offer
execute as @a[scores={offer=0,monopoli.locked=1}] run function monopoli:input/offer
schedule function monopoli:player/unlock/4 1t
