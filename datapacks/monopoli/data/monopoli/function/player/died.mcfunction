kill @e[type=minecraft:item,nbt={Item:{components:{"minecraft:custom_data":{monopoli:{}}}}}]
scoreboard players set @s monopoli.died 0
data modify storage monopoli:bridge next set value {kind:"died",value:0}
data modify storage monopoli:bridge next.uuid set from entity @s UUID
function monopoli:bridge/queue
