$data modify storage monopoli:map main.s3 set value {"monopoli.3.$(n)":{type:"minecraft:banner_$(color)",x:30.0d,z:42.0d,rotation:180.0f}}
