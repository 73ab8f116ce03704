execute as @a[scores={crate=0}] store success score @s monopoli.locked run scoreboard players enable @s crate
execute as @a[scores={crate=0,monopoli.locked=1}] run function monopoli:input/crate
schedule function monopoli:player/unlock/15 1t
