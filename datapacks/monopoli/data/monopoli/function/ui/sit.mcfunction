$scoreboard players set $(player) monopoli.table $(table)
