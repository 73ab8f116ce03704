$data modify storage monopoli:map main.s34 set value {"monopoli.34.$(n)":{type:"minecraft:banner_$(color)",x:42.0d,z:18.0d,rotation:180.0f}}
