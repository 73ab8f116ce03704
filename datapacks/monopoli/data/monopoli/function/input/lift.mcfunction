data modify storage monopoli:bridge next set value {kind:"lift"}
data modify storage monopoli:bridge next.uuid set from entity @s UUID
execute store result storage monopoli:bridge next.value int 1 run scoreboard players get @s lift
function monopoli:bridge/queue
scoreboard players set @s lift 0
scoreboard players enable @s lift
function monopoli:bridge/kept
