$execute as @a[scores={monopoli.table=$(table)}] run scoreboard players reset @s monopoli.table
