tag @s add monopoli.seen
function monopoli:player/enable
data modify storage monopoli:bridge next set value {kind:"online",value:0}
data modify storage monopoli:bridge next.uuid set from entity @s UUID
function monopoli:bridge/queue
