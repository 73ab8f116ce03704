$data modify storage monopoli:map main.s18 set value {"monopoli.18.$(n)":{type:"minecraft:banner_$(color)",x:2.0d,z:10.0d,rotation:180.0f}}
