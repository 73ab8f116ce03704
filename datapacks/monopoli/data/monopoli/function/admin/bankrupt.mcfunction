$data modify storage monopoli:bridge next set value {kind:"admin_bankrupt",target:"$(player)",value:0}
execute store result storage monopoli:bridge next.time int 1 run time query gametime
execute if entity @s run data modify storage monopoli:bridge next.uuid set from entity @s UUID
function monopoli:bridge/queue
execute if entity @s run tellraw @s {text:"monopoli: queued admin bankrupt; the controller answers here",color:"gray"}
