$data modify storage monopoli:map main.s23 set value {"monopoli.23.$(n)":{type:"minecraft:banner_$(color)",x:14.0d,z:2.0d,rotation:180.0f}}
