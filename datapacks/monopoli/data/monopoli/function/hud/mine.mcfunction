scoreboard players reset @s monopoli.hold
function monopoli:hud/me
