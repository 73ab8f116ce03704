setblock 21 -59 43 minecraft:air replace
$setblock 21 -59 43 minecraft:$(color)_banner[rotation=8]{CustomName:{text:"Reading Railroad – ",extra:["$(owner)"]},patterns:[{pattern:"minecraft:stripe_bottom",color:"black"}]} replace
