data modify storage monopoli:bridge next set value {kind:"d6"}
data modify storage monopoli:bridge next.uuid set from entity @s UUID
execute store result storage monopoli:bridge next.value int 1 run scoreboard players get @s d6
function monopoli:bridge/queue
scoreboard players set @s d6 0
scoreboard players enable @s d6
function monopoli:bridge/kept
