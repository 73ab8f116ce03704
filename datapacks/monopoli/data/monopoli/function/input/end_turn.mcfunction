data modify storage monopoli:bridge next set value {kind:"end_turn"}
data modify storage monopoli:bridge next.uuid set from entity @s UUID
execute store result storage monopoli:bridge next.value int 1 run scoreboard players get @s end_turn
function monopoli:bridge/queue
scoreboard players set @s end_turn 0
scoreboard players enable @s end_turn
function monopoli:bridge/kept
