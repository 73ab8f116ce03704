data modify storage monopoli:bridge next set value {kind:"refuse"}
data modify storage monopoli:bridge next.uuid set from entity @s UUID
execute store result storage monopoli:bridge next.value int 1 run scoreboard players get @s refuse
function monopoli:bridge/queue
scoreboard players set @s refuse 0
scoreboard players enable @s refuse
function monopoli:bridge/kept
