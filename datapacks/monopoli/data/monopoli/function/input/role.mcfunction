data modify storage monopoli:bridge next set value {kind:"role"}
data modify storage monopoli:bridge next.uuid set from entity @s UUID
execute store result storage monopoli:bridge next.value int 1 run scoreboard players get @s role
function monopoli:bridge/queue
scoreboard players set @s role 0
scoreboard players enable @s role
function monopoli:bridge/kept
