execute as @a[scores={naughty=0}] store success score @s monopoli.locked run scoreboard players enable @s naughty
execute as @a[scores={naughty=0,monopoli.locked=1}] run function monopoli:input/naughty
schedule function monopoli:player/unlock/13 1t
