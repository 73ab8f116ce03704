execute as @a[scores={mortgage=0}] store success score @s monopoli.locked run scoreboard players enable @s mortgage
execute as @a[scores={mortgage=0,monopoli.locked=1}] run function monopoli:input/mortgage
execute as @a[scores={standings=0}] store success score @s monopoli.locked run scoreboard players enable @s standings
execute as @a[scores={standings=0,monopoli.locked=1}] run function monopoli:input/standings
schedule function monopoli:player/unlock/10 1t
