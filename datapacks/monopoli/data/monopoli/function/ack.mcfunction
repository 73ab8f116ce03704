$scoreboard players set $ack monopoli.seq $(seq)
execute if score $ack monopoli.seq > $acked monopoli.seq run scoreboard players operation $acked monopoli.seq = $ack monopoli.seq
function monopoli:bridge/drop
