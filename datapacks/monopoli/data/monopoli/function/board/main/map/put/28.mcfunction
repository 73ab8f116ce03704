$data modify storage monopoli:map main.s28 set value {"monopoli.28.$(n)":{type:"minecraft:banner_$(color)",x:34.0d,z:2.0d,rotation:180.0f}}
