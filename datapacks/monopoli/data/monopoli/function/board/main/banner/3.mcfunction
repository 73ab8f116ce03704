setblock 29 -59 43 minecraft:air replace
$setblock 29 -59 43 minecraft:$(color)_banner[rotation=8]{CustomName:{text:"Baltic Avenue – ",extra:["$(owner)"]},patterns:[{pattern:"minecraft:stripe_bottom",color:"brown"}]} replace
