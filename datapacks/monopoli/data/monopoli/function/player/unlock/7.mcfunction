execute as @a[scores={build=0}] store success score @s monopoli.locked run scoreboard players enable @s build
execute as @a[scores={build=0,monopoli.locked=1}] run function monopoli:input/build
execute as @a[scores={offer_send=0}] store success score @s monopoli.locked run scoreboard players enable @s offer_send
execute as @a[scores={offer_send=0,monopoli.locked=1}] run function monopoli:input/offer_send
schedule function monopoli:player/unlock/8 1t
