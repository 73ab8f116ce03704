execute if score $seq monopoli.seq matches 2147483647.. run function monopoli:bridge/rebase
scoreboard players add $seq monopoli.seq 1
execute store result storage monopoli:bridge next.seq int 1 run scoreboard players get $seq monopoli.seq
data modify storage monopoli:bridge next.boot set from storage monopoli:bridge boot
execute store result storage monopoli:bridge next.w int 1 run scoreboard players get $wrote monopoli.seq
execute store result storage monopoli:bridge seq int 1 run scoreboard players get $seq monopoli.seq
execute if data storage monopoli:backlog pages[0] run return run function monopoli:bridge/wait
execute if data storage monopoli:bridge inbox[63] run return run function monopoli:bridge/wait
data modify storage monopoli:bridge inbox append from storage monopoli:bridge next
data remove storage monopoli:bridge next
