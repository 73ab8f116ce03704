execute store result score $beat monopoli.seq run time query gametime
scoreboard players remove $beat monopoli.seq 1000000
scoreboard players set $read monopoli.seq 0
schedule clear monopoli:bridge/deaf
function monopoli:bridge/deaf
