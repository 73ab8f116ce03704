$scoreboard players set $(player) monopoli.rank $(rank)
