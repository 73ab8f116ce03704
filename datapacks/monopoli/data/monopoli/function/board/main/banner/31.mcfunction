setblock 43 -59 6 minecraft:air replace
$setblock 43 -59 6 minecraft:$(color)_banner[rotation=4]{CustomName:{text:"Pacific Avenue – ",extra:["$(owner)"]},patterns:[{pattern:"minecraft:stripe_bottom",color:"green"}]} replace
