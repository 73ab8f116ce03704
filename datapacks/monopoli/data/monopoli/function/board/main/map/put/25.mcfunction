$data modify storage monopoli:map main.s25 set value {"monopoli.25.$(n)":{type:"minecraft:banner_$(color)",x:22.0d,z:2.0d,rotation:180.0f}}
