data modify storage monopoli:bridge next set value {kind:"bus"}
data modify storage monopoli:bridge next.uuid set from entity @s UUID
execute store result storage monopoli:bridge next.value int 1 run scoreboard players get @s bus
function monopoli:bridge/queue
scoreboard players set @s bus 0
scoreboard players enable @s bus
function monopoli:bridge/kept
