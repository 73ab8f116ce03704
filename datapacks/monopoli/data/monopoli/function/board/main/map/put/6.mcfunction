$data modify storage monopoli:map main.s6 set value {"monopoli.6.$(n)":{type:"minecraft:banner_$(color)",x:18.0d,z:42.0d,rotation:180.0f}}
