execute store result storage monopoli:bridge boot int 1 run random value 1..2147483646
scoreboard players set $seq monopoli.seq 0
scoreboard players set $acked monopoli.seq 0
scoreboard players set $told monopoli.seq 0
data modify storage monopoli:bridge since set value 0
