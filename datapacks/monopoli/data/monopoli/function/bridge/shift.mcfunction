execute unless data storage monopoli:bridge inbox[0] run return 0
execute store result score $head monopoli.seq run data get storage monopoli:bridge inbox[0].seq
execute if score $head monopoli.seq > $ack monopoli.seq if score $head monopoli.seq <= $seq monopoli.seq run return 0
data remove storage monopoli:bridge inbox[0]
function monopoli:bridge/shift
