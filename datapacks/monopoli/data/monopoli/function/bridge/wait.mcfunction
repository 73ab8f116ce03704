execute unless data storage monopoli:backlog pages[0] run data modify storage monopoli:backlog pages append value []
execute if data storage monopoli:backlog pages[-1][63] run data modify storage monopoli:backlog pages append value []
data modify storage monopoli:backlog pages[-1] append from storage monopoli:bridge next
data remove storage monopoli:bridge next
scoreboard players add $waiting monopoli.seq 1
execute store result storage monopoli:bridge waiting int 1 run scoreboard players get $waiting monopoli.seq
