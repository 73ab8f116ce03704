$data modify storage monopoli:map main.s11 set value {"monopoli.11.$(n)":{type:"minecraft:banner_$(color)",x:2.0d,z:38.0d,rotation:180.0f}}
