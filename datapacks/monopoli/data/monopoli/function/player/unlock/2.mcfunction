execute as @a[scores={auction=0}] store success score @s monopoli.locked run scoreboard players enable @s auction
execute as @a[scores={auction=0,monopoli.locked=1}] run function monopoli:input/auction
execute as @a[scores={claim=0}] store success score @s monopoli.locked run scoreboard players enable @s claim
execute as @a[scores={claim=0,monopoli.locked=1}] run function monopoli:input/claim
schedule function monopoli:player/unlock/3 1t
