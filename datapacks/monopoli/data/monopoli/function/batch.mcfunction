$data modify storage monopoli:outbox ops set value $(o)
scoreboard players add $wrote monopoli.seq 1
scoreboard players set $ops monopoli.seq 0
function monopoli:bridge/next
$function monopoli:ack {seq:$(a)}
data remove storage monopoli:outbox ops
return run scoreboard players get $ops monopoli.seq
