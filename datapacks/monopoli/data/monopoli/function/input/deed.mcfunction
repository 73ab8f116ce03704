data modify storage monopoli:bridge next set value {kind:"deed"}
data modify storage monopoli:bridge next.uuid set from entity @s UUID
execute store result storage monopoli:bridge next.value int 1 run scoreboard players get @s deed
function monopoli:bridge/queue
scoreboard players set @s deed 0
scoreboard players enable @s deed
function monopoli:bridge/kept
