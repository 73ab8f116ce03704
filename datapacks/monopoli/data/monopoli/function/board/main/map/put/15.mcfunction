$data modify storage monopoli:map main.s15 set value {"monopoli.15.$(n)":{type:"minecraft:banner_$(color)",x:2.0d,z:22.0d,rotation:180.0f}}
