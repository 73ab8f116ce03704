$data modify storage monopoli:map main.s8 set value {"monopoli.8.$(n)":{type:"minecraft:banner_$(color)",x:10.0d,z:42.0d,rotation:180.0f}}
