execute unless data storage monopoli:outbox ops[0] run return 0
function monopoli:bridge/op with storage monopoli:outbox ops[0]
data remove storage monopoli:outbox ops[0]
scoreboard players add $ops monopoli.seq 1
function monopoli:bridge/next
