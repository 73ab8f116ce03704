$scoreboard players set $jar monopoli.cash $(cash)
