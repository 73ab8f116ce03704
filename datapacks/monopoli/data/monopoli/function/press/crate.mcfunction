advancement revoke @s only monopoli:press/crate
data modify storage monopoli:bridge next set value {kind:"crate",value:0,button:1b}
data modify storage monopoli:bridge next.uuid set from entity @s UUID
function monopoli:bridge/queue
function monopoli:bridge/kept
