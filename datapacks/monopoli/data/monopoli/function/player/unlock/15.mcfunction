execute as @a[scores={jar=0}] store success score @s monopoli.locked run scoreboard players enable @s jar
execute as @a[scores={jar=0,monopoli.locked=1}] run function monopoli:input/jar
schedule function monopoli:player/unlock/16 1t
