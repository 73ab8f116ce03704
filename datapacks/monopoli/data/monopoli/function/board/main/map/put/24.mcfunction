$data modify storage monopoli:map main.s24 set value {"monopoli.24.$(n)":{type:"minecraft:banner_$(color)",x:18.0d,z:2.0d,rotation:180.0f}}
