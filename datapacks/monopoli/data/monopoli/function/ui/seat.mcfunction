$scoreboard players set $(player) monopoli.table $(table)
$scoreboard players set $(player) monopoli.cash $(cash)
