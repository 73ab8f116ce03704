$data modify storage monopoli:map main.s39 set value {"monopoli.39.$(n)":{type:"minecraft:banner_$(color)",x:42.0d,z:38.0d,rotation:180.0f}}
