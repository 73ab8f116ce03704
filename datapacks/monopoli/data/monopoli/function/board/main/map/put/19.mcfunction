$data modify storage monopoli:map main.s19 set value {"monopoli.19.$(n)":{type:"minecraft:banner_$(color)",x:2.0d,z:6.0d,rotation:180.0f}}
