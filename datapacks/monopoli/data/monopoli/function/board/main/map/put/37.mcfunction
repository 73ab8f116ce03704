$data modify storage monopoli:map main.s37 set value {"monopoli.37.$(n)":{type:"minecraft:banner_$(color)",x:42.0d,z:30.0d,rotation:180.0f}}
