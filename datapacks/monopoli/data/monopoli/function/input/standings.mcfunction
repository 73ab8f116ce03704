data modify storage monopoli:bridge next set value {kind:"standings"}
data modify storage monopoli:bridge next.uuid set from entity @s UUID
execute store result storage monopoli:bridge next.value int 1 run scoreboard players get @s standings
function monopoli:bridge/queue
scoreboard players set @s standings 0
scoreboard players enable @s standings
function monopoli:bridge/kept
