data modify storage monopoli:bridge next set value {kind:"jar"}
data modify storage monopoli:bridge next.uuid set from entity @s UUID
execute store result storage monopoli:bridge next.value int 1 run scoreboard players get @s jar
function monopoli:bridge/queue
scoreboard players set @s jar 0
scoreboard players enable @s jar
function monopoli:bridge/kept
