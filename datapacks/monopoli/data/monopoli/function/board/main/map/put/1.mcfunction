$data modify storage monopoli:map main.s1 set value {"monopoli.1.$(n)":{type:"minecraft:banner_$(color)",x:38.0d,z:42.0d,rotation:180.0f}}
