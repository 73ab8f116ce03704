$data modify storage monopoli:map main.s9 set value {"monopoli.9.$(n)":{type:"minecraft:banner_$(color)",x:6.0d,z:42.0d,rotation:180.0f}}
