data modify storage monopoli:bridge next set value {kind:"crate"}
data modify storage monopoli:bridge next.uuid set from entity @s UUID
execute store result storage monopoli:bridge next.value int 1 run scoreboard players get @s crate
function monopoli:bridge/queue
scoreboard players set @s crate 0
scoreboard players enable @s crate
function monopoli:bridge/kept
