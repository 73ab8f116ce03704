data modify storage monopoli:bridge next set value {kind:"standings"}
data modify storage monopoli:bridge next.uuid set from entity @s UUID
execute store result storage monopoli:bridge next.value int 1 run scoreboard players get @s standings
function monopoli:bridge/queue
scoreboard players set @s standings 0
scoreboard players enable @s standings
function monopoli:bridge/late
execute if score $late monopoli.seq matches 101.. run tellraw @s {text:"The game is not answering right now. Your input is kept and counts when it is back; please tell the organiser.",color:"red"}
