execute as @a[scores={lift=0}] store success score @s monopoli.locked run scoreboard players enable @s lift
execute as @a[scores={lift=0,monopoli.locked=1}] run function monopoli:input/lift
schedule function monopoli:player/unlock/11 1t
