scoreboard players add $seq monopoli.seq 1
execute store result storage monopoli:bridge next.seq int 1 run scoreboard players get $seq monopoli.seq
data modify storage monopoli:bridge inbox append from storage monopoli:bridge next
data remove storage monopoli:bridge next
