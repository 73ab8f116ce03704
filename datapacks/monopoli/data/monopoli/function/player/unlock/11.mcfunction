execute as @a[scores={deed=0}] store success score @s monopoli.locked run scoreboard players enable @s deed
execute as @a[scores={deed=0,monopoli.locked=1}] run function monopoli:input/deed
schedule function monopoli:player/unlock/12 1t
