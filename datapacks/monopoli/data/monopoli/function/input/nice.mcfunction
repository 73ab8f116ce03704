data modify storage monopoli:bridge next set value {kind:"nice"}
data modify storage monopoli:bridge next.uuid set from entity @s UUID
execute store result storage monopoli:bridge next.value int 1 run scoreboard players get @s nice
function monopoli:bridge/queue
scoreboard players set @s nice 0
scoreboard players enable @s nice
function monopoli:bridge/kept
