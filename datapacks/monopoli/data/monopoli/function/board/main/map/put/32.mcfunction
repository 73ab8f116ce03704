$data modify storage monopoli:map main.s32 set value {"monopoli.32.$(n)":{type:"minecraft:banner_$(color)",x:42.0d,z:10.0d,rotation:180.0f}}
