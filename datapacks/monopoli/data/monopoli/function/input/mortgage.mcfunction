data modify storage monopoli:bridge next set value {kind:"mortgage"}
data modify storage monopoli:bridge next.uuid set from entity @s UUID
execute store result storage monopoli:bridge next.value int 1 run scoreboard players get @s mortgage
function monopoli:bridge/queue
scoreboard players set @s mortgage 0
scoreboard players enable @s mortgage
function monopoli:bridge/kept
