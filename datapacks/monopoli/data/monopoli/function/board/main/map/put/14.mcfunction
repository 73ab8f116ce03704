$data modify storage monopoli:map main.s14 set value {"monopoli.14.$(n)":{type:"minecraft:banner_$(color)",x:2.0d,z:26.0d,rotation:180.0f}}
