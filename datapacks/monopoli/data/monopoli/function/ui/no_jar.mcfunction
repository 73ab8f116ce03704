$scoreboard players reset $jar.$(board) monopoli.cash
