$data modify storage monopoli:map main.s13 set value {"monopoli.13.$(n)":{type:"minecraft:banner_$(color)",x:2.0d,z:30.0d,rotation:180.0f}}
