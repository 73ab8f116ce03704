data modify storage monopoli:bridge next set value {kind:"jail_pay"}
data modify storage monopoli:bridge next.uuid set from entity @s UUID
execute store result storage monopoli:bridge next.value int 1 run scoreboard players get @s jail_pay
function monopoli:bridge/queue
scoreboard players set @s jail_pay 0
scoreboard players enable @s jail_pay
function monopoli:bridge/kept
