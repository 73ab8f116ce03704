$data modify storage monopoli:map main.s29 set value {"monopoli.29.$(n)":{type:"minecraft:banner_$(color)",x:38.0d,z:2.0d,rotation:180.0f}}
