setblock 0 -59 9 minecraft:air replace
$setblock 0 -59 9 minecraft:$(color)_banner[rotation=12]{CustomName:{text:"Tennessee Avenue – ",extra:["$(owner)"]},patterns:[{pattern:"minecraft:stripe_bottom",color:"orange"}]} replace
