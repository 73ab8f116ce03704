function monopoli:bridge/late
execute if score $late monopoli.seq > $quiet monopoli.seq run return run tellraw @s {text:"The game is not answering right now. Your input is kept and counts when it is back; please tell the organiser.",color:"red"}
scoreboard players operation @s monopoli.asked = $seq monopoli.seq
