setblock 43 -59 22 minecraft:air replace
$setblock 43 -59 22 minecraft:$(color)_banner[rotation=4]{CustomName:{text:"Short Line – ",extra:["$(owner)"]},patterns:[{pattern:"minecraft:stripe_bottom",color:"black"}]} replace
