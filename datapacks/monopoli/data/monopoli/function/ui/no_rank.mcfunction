$scoreboard players reset $(player) monopoli.rank
$execute as $(player) run function monopoli:hud/me
