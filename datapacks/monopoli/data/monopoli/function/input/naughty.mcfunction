data modify storage monopoli:bridge next set value {kind:"naughty"}
data modify storage monopoli:bridge next.uuid set from entity @s UUID
execute store result storage monopoli:bridge next.value int 1 run scoreboard players get @s naughty
function monopoli:bridge/queue
scoreboard players set @s naughty 0
scoreboard players enable @s naughty
function monopoli:bridge/kept
