$scoreboard players set $ack monopoli.seq $(seq)
function monopoli:bridge/drop
