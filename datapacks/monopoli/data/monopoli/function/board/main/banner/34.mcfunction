setblock 43 -59 18 minecraft:air replace
$setblock 43 -59 18 minecraft:$(color)_banner[rotation=4]{CustomName:{text:"Pennsylvania Avenue – ",extra:["$(owner)"]},patterns:[{pattern:"minecraft:stripe_bottom",color:"green"}]} replace
