data modify storage monopoli:bridge next set value {kind:"sell"}
data modify storage monopoli:bridge next.uuid set from entity @s UUID
execute store result storage monopoli:bridge next.value int 1 run scoreboard players get @s sell
function monopoli:bridge/queue
scoreboard players set @s sell 0
scoreboard players enable @s sell
function monopoli:bridge/kept
