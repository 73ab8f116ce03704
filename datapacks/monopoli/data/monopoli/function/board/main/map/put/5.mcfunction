$data modify storage monopoli:map main.s5 set value {"monopoli.5.$(n)":{type:"minecraft:banner_$(color)",x:22.0d,z:42.0d,rotation:180.0f}}
