$data modify storage monopoli:map main.s16 set value {"monopoli.16.$(n)":{type:"minecraft:banner_$(color)",x:2.0d,z:18.0d,rotation:180.0f}}
