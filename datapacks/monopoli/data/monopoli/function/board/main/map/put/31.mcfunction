$data modify storage monopoli:map main.s31 set value {"monopoli.31.$(n)":{type:"minecraft:banner_$(color)",x:42.0d,z:6.0d,rotation:180.0f}}
