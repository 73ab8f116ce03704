execute unless score @s monopoli.table matches 1.. run return 0
execute store result storage monopoli:hud_me n int 1 run scoreboard players get @s monopoli.table
function monopoli:hud/mine_at with storage monopoli:hud_me
