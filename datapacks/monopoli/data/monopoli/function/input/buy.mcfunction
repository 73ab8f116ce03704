data modify storage monopoli:bridge next set value {kind:"buy"}
data modify storage monopoli:bridge next.uuid set from entity @s UUID
execute store result storage monopoli:bridge next.value int 1 run scoreboard players get @s buy
function monopoli:bridge/queue
scoreboard players set @s buy 0
scoreboard players enable @s buy
function monopoli:bridge/kept
