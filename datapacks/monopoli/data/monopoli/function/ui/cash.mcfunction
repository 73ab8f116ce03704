$scoreboard players set $(player) monopoli.cash $(cash)
