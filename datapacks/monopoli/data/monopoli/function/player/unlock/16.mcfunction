execute as @a[scores={accept=0}] store success score @s monopoli.locked run scoreboard players enable @s accept
execute as @a[scores={accept=0,monopoli.locked=1}] run function monopoli:input/accept
schedule function monopoli:player/unlock/17 1t
