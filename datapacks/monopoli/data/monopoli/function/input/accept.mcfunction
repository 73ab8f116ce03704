data modify storage monopoli:bridge next set value {kind:"accept"}
data modify storage monopoli:bridge next.uuid set from entity @s UUID
execute store result storage monopoli:bridge next.value int 1 run scoreboard players get @s accept
function monopoli:bridge/queue
scoreboard players set @s accept 0
scoreboard players enable @s accept
function monopoli:bridge/kept
