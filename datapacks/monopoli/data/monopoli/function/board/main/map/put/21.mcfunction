$data modify storage monopoli:map main.s21 set value {"monopoli.21.$(n)":{type:"minecraft:banner_$(color)",x:6.0d,z:2.0d,rotation:180.0f}}
