data modify storage monopoli:bridge next set value {kind:"auction"}
data modify storage monopoli:bridge next.uuid set from entity @s UUID
execute store result storage monopoli:bridge next.value int 1 run scoreboard players get @s auction
function monopoli:bridge/queue
scoreboard players set @s auction 0
scoreboard players enable @s auction
function monopoli:bridge/kept
