execute as @a[scores={d6=0}] store success score @s monopoli.locked run scoreboard players enable @s d6
execute as @a[scores={d6=0,monopoli.locked=1}] run function monopoli:input/d6
execute as @a[scores={role=0}] store success score @s monopoli.locked run scoreboard players enable @s role
execute as @a[scores={role=0,monopoli.locked=1}] run function monopoli:input/role
schedule function monopoli:player/unlock/1 1t
