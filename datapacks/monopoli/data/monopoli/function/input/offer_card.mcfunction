data modify storage monopoli:bridge next set value {kind:"offer_card"}
data modify storage monopoli:bridge next.uuid set from entity @s UUID
execute store result storage monopoli:bridge next.value int 1 run scoreboard players get @s offer_card
function monopoli:bridge/queue
scoreboard players set @s offer_card 0
scoreboard players enable @s offer_card
function monopoli:bridge/kept
