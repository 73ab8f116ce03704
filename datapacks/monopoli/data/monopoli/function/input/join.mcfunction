data modify storage monopoli:bridge next set value {kind:"join"}
data modify storage monopoli:bridge next.uuid set from entity @s UUID
data modify storage monopoli:bridge next.at set from entity @s Pos
execute store result storage monopoli:bridge next.value int 1 run scoreboard players get @s join
function monopoli:bridge/queue
scoreboard players set @s join 0
scoreboard players enable @s join
function monopoli:bridge/kept
