execute as @a[scores={refuse=0}] store success score @s monopoli.locked run scoreboard players enable @s refuse
execute as @a[scores={refuse=0,monopoli.locked=1}] run function monopoli:input/refuse
schedule function monopoli:player/unlock/18 1t
