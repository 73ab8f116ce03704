$data modify storage monopoli:map main.s35 set value {"monopoli.35.$(n)":{type:"minecraft:banner_$(color)",x:42.0d,z:22.0d,rotation:180.0f}}
