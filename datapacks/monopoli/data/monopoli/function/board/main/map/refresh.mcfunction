execute if items entity @s hotbar.* minecraft:filled_map[minecraft:custom_data={monopoli:{map:"main"}}] run function monopoli:board/main/map/refresh/hotbar
execute if items entity @s inventory.* minecraft:filled_map[minecraft:custom_data={monopoli:{map:"main"}}] run function monopoli:board/main/map/refresh/inventory
execute if items entity @s weapon.offhand minecraft:filled_map[minecraft:custom_data={monopoli:{map:"main"}}] run item replace entity @s weapon.offhand from entity @e[type=minecraft:item_frame,tag=monopoli.map.main,x=22.5,y=-59.5,z=22.5,distance=..1,limit=1] container.0
