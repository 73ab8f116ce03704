data modify storage monopoli:bridge next set value {kind:"goto"}
data modify storage monopoli:bridge next.uuid set from entity @s UUID
execute store result storage monopoli:bridge next.value int 1 run scoreboard players get @s goto
function monopoli:bridge/queue
scoreboard players set @s goto 0
scoreboard players enable @s goto
function monopoli:bridge/kept
