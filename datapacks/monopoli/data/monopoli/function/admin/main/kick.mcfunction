$data modify storage monopoli:bridge next set value {kind:"admin_kick",board:"main",target:"$(player)",value:0}
execute store result storage monopoli:bridge next.time int 1 run time query gametime
execute if entity @s run data modify storage monopoli:bridge next.uuid set from entity @s UUID
function monopoli:bridge/queue
function monopoli:bridge/late
execute if entity @s unless score $late monopoli.seq > $quiet monopoli.seq run tellraw @s {text:"monopoli: queued admin kick (board main); the controller answers here",color:"gray"}
execute if entity @s if score $late monopoli.seq > $quiet monopoli.seq run tellraw @s {text:"monopoli: queued admin kick (board main), but the controller is not answering right now: unless it answers within seconds the request is withdrawn unapplied; tell the organiser",color:"red"}
