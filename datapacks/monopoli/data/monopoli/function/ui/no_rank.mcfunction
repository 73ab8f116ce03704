$scoreboard players reset $(player) monopoli.rank
