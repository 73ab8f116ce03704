data modify storage monopoli:bridge inbox set from storage monopoli:backlog pages[0]
data remove storage monopoli:backlog pages[0]
execute store result score $page monopoli.seq run data get storage monopoli:bridge inbox
scoreboard players operation $waiting monopoli.seq -= $page monopoli.seq
execute store result storage monopoli:bridge waiting int 1 run scoreboard players get $waiting monopoli.seq
