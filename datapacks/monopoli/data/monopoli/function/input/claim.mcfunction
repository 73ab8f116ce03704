data modify storage monopoli:bridge next set value {kind:"claim"}
data modify storage monopoli:bridge next.uuid set from entity @s UUID
execute store result storage monopoli:bridge next.value int 1 run scoreboard players get @s claim
function monopoli:bridge/queue
scoreboard players set @s claim 0
scoreboard players enable @s claim
function monopoli:bridge/kept
