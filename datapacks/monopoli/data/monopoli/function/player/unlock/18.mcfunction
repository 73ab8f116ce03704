execute as @a[scores={join=0}] store success score @s monopoli.locked run scoreboard players enable @s join
execute as @a[scores={join=0,monopoli.locked=1}] run function monopoli:input/join
schedule function monopoli:player/unlock/19 1t
