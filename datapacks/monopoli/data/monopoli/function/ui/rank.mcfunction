$scoreboard players set $(player) monopoli.rank $(rank)
$scoreboard players display numberformat $(player) monopoli.rank fixed {text:"   Night #$(rank)"}
$execute as $(player) run function monopoli:hud/me
