execute unless items entity @s weapon.mainhand minecraft:filled_map run tellraw @s {text:"Hold a filled map: use an empty map standing at the middle of the board, then run this again with the new map in your hand.",color:"gray"}
scoreboard players set $map.found monopoli.seq 0
execute if items entity @s weapon.mainhand minecraft:filled_map if score $map.found monopoli.seq matches 0 if entity @s[x=0,y=-60,z=0,dx=43,dy=9,dz=43] run function monopoli:board/main/map/register
execute if items entity @s weapon.mainhand minecraft:filled_map if score $map.found monopoli.seq matches 0 run tellraw @s {text:"Stand on the board whose map this is, then run this again.",color:"gray"}
