setblock 34 -59 0 minecraft:air replace
$setblock 34 -59 0 minecraft:$(color)_banner[rotation=0]{CustomName:{text:"Water Works – ",extra:["$(owner)"]},patterns:[{pattern:"minecraft:stripe_bottom",color:"white"}]} replace
