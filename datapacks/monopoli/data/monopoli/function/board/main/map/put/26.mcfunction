$data modify storage monopoli:map main.s26 set value {"monopoli.26.$(n)":{type:"minecraft:banner_$(color)",x:26.0d,z:2.0d,rotation:180.0f}}
