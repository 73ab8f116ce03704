$scoreboard players reset $(player) monopoli.table
