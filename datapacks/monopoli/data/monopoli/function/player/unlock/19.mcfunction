execute as @a[scores={bus=0}] store success score @s monopoli.locked run scoreboard players enable @s bus
execute as @a[scores={bus=0,monopoli.locked=1}] run function monopoli:input/bus
schedule function monopoli:player/unlock/0 1t
