kill @e[type=minecraft:item_frame,tag=monopoli.map.main]
summon minecraft:item_frame 22 -59 22 {Tags:["monopoli.map","monopoli.map.main"],Facing:1b,Fixed:1b,Invisible:1b}
item replace entity @e[type=minecraft:item_frame,tag=monopoli.map.main,x=22.5,y=-59.5,z=22.5,distance=..1,limit=1] container.0 from entity @s weapon.mainhand
data modify entity @e[type=minecraft:item_frame,tag=monopoli.map.main,x=22.5,y=-59.5,z=22.5,distance=..1,limit=1] Item.count set value 1
data modify entity @e[type=minecraft:item_frame,tag=monopoli.map.main,x=22.5,y=-59.5,z=22.5,distance=..1,limit=1] Item.components."minecraft:custom_data" set value {monopoli:{map:"main"}}
data modify entity @e[type=minecraft:item_frame,tag=monopoli.map.main,x=22.5,y=-59.5,z=22.5,distance=..1,limit=1] Item.components."minecraft:item_name" set value {text:"Monopoli: board main",color:"gold"}
scoreboard players set $map.found monopoli.seq 1
function monopoli:board/main/map/show
tellraw @s {text:"The map is in the frame at the middle of board main (22 -59 22); seated players get a copy. A map made standing there shows the whole board.",color:"gray"}
