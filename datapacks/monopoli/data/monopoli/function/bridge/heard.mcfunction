execute store result score $beat monopoli.seq run time query gametime
scoreboard players set $read monopoli.seq 0
function monopoli:bridge/deaf_later with storage monopoli:quiet
