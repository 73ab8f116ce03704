data modify storage monopoli:bridge next set value {kind:"offer_clear"}
data modify storage monopoli:bridge next.uuid set from entity @s UUID
execute store result storage monopoli:bridge next.value int 1 run scoreboard players get @s offer_clear
function monopoli:bridge/queue
scoreboard players set @s offer_clear 0
scoreboard players enable @s offer_clear
function monopoli:bridge/kept
