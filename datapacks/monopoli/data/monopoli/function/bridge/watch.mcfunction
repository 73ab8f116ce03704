function monopoli:bridge/late
execute unless score $late monopoli.seq > $quiet monopoli.seq run return 0
scoreboard players operation $told monopoli.seq = $seq monopoli.seq
execute as @a[scores={monopoli.asked=1..}] if score @s monopoli.asked > $acked monopoli.seq run tellraw @s {text:"The game is not answering right now. Your input is kept and counts when it is back; please tell the organiser.",color:"red"}
scoreboard players reset * monopoli.asked
