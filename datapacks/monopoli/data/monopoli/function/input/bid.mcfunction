data modify storage monopoli:bridge next set value {kind:"bid"}
data modify storage monopoli:bridge next.uuid set from entity @s UUID
execute store result storage monopoli:bridge next.value int 1 run scoreboard players get @s bid
function monopoli:bridge/queue
scoreboard players set @s bid 0
scoreboard players enable @s bid
function monopoli:bridge/kept
