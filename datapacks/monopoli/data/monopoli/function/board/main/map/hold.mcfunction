tag @s add monopoli.map.main
execute unless items entity @s container.* minecraft:filled_map[minecraft:custom_data={monopoli:{map:"main"}}] unless items entity @s weapon.offhand minecraft:filled_map[minecraft:custom_data={monopoli:{map:"main"}}] if entity @e[type=minecraft:item_frame,tag=monopoli.map.main,x=22.5,y=-59.5,z=22.5,distance=..1] run give @s minecraft:filled_map[minecraft:custom_data={monopoli:{map:"main"}}]
function monopoli:board/main/map/refresh
