execute as @a[scores={nice=0}] store success score @s monopoli.locked run scoreboard players enable @s nice
execute as @a[scores={nice=0,monopoli.locked=1}] run function monopoli:input/nice
schedule function monopoli:player/unlock/14 1t
