$data modify storage monopoli:map main.s27 set value {"monopoli.27.$(n)":{type:"minecraft:banner_$(color)",x:30.0d,z:2.0d,rotation:180.0f}}
