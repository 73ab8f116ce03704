data modify storage monopoli:bridge next set value {kind:"build"}
data modify storage monopoli:bridge next.uuid set from entity @s UUID
execute store result storage monopoli:bridge next.value int 1 run scoreboard players get @s build
function monopoli:bridge/queue
scoreboard players set @s build 0
scoreboard players enable @s build
function monopoli:bridge/kept
