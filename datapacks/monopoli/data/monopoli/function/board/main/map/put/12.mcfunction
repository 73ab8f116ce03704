$data modify storage monopoli:map main.s12 set value {"monopoli.12.$(n)":{type:"minecraft:banner_$(color)",x:2.0d,z:34.0d,rotation:180.0f}}
