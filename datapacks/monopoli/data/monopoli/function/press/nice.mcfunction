advancement revoke @s only monopoli:press/nice
data modify storage monopoli:bridge next set value {kind:"nice",value:0,button:1b}
data modify storage monopoli:bridge next.uuid set from entity @s UUID
function monopoli:bridge/queue
function monopoli:bridge/kept
