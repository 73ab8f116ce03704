setblock 22 -59 0 minecraft:air replace
$setblock 22 -59 0 minecraft:$(color)_banner[rotation=0]{CustomName:{text:"B&O Railroad – ",extra:["$(owner)"]},patterns:[{pattern:"minecraft:stripe_bottom",color:"black"}]} replace
