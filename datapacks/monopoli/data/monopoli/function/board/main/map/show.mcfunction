data modify storage monopoli:map main.all set value {}
execute if data storage monopoli:map main.s1 run data modify storage monopoli:map main.all merge from storage monopoli:map main.s1
execute if data storage monopoli:map main.s3 run data modify storage monopoli:map main.all merge from storage monopoli:map main.s3
execute if data storage monopoli:map main.s5 run data modify storage monopoli:map main.all merge from storage monopoli:map main.s5
execute if data storage monopoli:map main.s6 run data modify storage monopoli:map main.all merge from storage monopoli:map main.s6
execute if data storage monopoli:map main.s8 run data modify storage monopoli:map main.all merge from storage monopoli:map main.s8
execute if data storage monopoli:map main.s9 run data modify storage monopoli:map main.all merge from storage monopoli:map main.s9
execute if data storage monopoli:map main.s11 run data modify storage monopoli:map main.all merge from storage monopoli:map main.s11
execute if data storage monopoli:map main.s12 run data modify storage monopoli:map main.all merge from storage monopoli:map main.s12
execute if data storage monopoli:map main.s13 run data modify storage monopoli:map main.all merge from storage monopoli:map main.s13
execute if data storage monopoli:map main.s14 run data modify storage monopoli:map main.all merge from storage monopoli:map main.s14
execute if data storage monopoli:map main.s15 run data modify storage monopoli:map main.all merge from storage monopoli:map main.s15
execute if data storage monopoli:map main.s16 run data modify storage monopoli:map main.all merge from storage monopoli:map main.s16
execute if data storage monopoli:map main.s18 run data modify storage monopoli:map main.all merge from storage monopoli:map main.s18
execute if data storage monopoli:map main.s19 run data modify storage monopoli:map main.all merge from storage monopoli:map main.s19
execute if data storage monopoli:map main.s21 run data modify storage monopoli:map main.all merge from storage monopoli:map main.s21
execute if data storage monopoli:map main.s23 run data modify storage monopoli:map main.all merge from storage monopoli:map main.s23
execute if data storage monopoli:map main.s24 run data modify storage monopoli:map main.all merge from storage monopoli:map main.s24
execute if data storage monopoli:map main.s25 run data modify storage monopoli:map main.all merge from storage monopoli:map main.s25
execute if data storage monopoli:map main.s26 run data modify storage monopoli:map main.all merge from storage monopoli:map main.s26
execute if data storage monopoli:map main.s27 run data modify storage monopoli:map main.all merge from storage monopoli:map main.s27
execute if data storage monopoli:map main.s28 run data modify storage monopoli:map main.all merge from storage monopoli:map main.s28
execute if data storage monopoli:map main.s29 run data modify storage monopoli:map main.all merge from storage monopoli:map main.s29
execute if data storage monopoli:map main.s31 run data modify storage monopoli:map main.all merge from storage monopoli:map main.s31
execute if data storage monopoli:map main.s32 run data modify storage monopoli:map main.all merge from storage monopoli:map main.s32
execute if data storage monopoli:map main.s34 run data modify storage monopoli:map main.all merge from storage monopoli:map main.s34
execute if data storage monopoli:map main.s35 run data modify storage monopoli:map main.all merge from storage monopoli:map main.s35
execute if data storage monopoli:map main.s37 run data modify storage monopoli:map main.all merge from storage monopoli:map main.s37
execute if data storage monopoli:map main.s39 run data modify storage monopoli:map main.all merge from storage monopoli:map main.s39
execute as @e[type=minecraft:item_frame,tag=monopoli.map.main,x=22.5,y=-59.5,z=22.5,distance=..1] run data modify entity @s Item.components."minecraft:map_decorations" set from storage monopoli:map main.all
execute as @a[tag=monopoli.map.main] run function monopoli:board/main/map/hold
