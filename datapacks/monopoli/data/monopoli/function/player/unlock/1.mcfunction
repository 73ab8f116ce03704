execute as @a[scores={buy=0}] store success score @s monopoli.locked run scoreboard players enable @s buy
execute as @a[scores={buy=0,monopoli.locked=1}] run function monopoli:input/buy
execute as @a[scores={goto=0}] store success score @s monopoli.locked run scoreboard players enable @s goto
execute as @a[scores={goto=0,monopoli.locked=1}] run function monopoli:input/goto
schedule function monopoli:player/unlock/2 1t
