data modify storage monopoli:bridge next set value {kind:"jail_card"}
data modify storage monopoli:bridge next.uuid set from entity @s UUID
execute store result storage monopoli:bridge next.value int 1 run scoreboard players get @s jail_card
function monopoli:bridge/queue
scoreboard players set @s jail_card 0
scoreboard players enable @s jail_card
function monopoli:bridge/kept
