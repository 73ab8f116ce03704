tag @s remove monopoli.map.main
clear @s minecraft:filled_map[minecraft:custom_data={monopoli:{map:"main"}}]
