execute store result score $beat monopoli.seq run time query gametime
scoreboard players set $read monopoli.seq 0
