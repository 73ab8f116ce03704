setblock 5 -59 43 minecraft:air replace
$setblock 5 -59 43 minecraft:$(color)_banner[rotation=8]{CustomName:{text:"Connecticut Avenue – ",extra:["$(owner)"]},patterns:[{pattern:"minecraft:stripe_bottom",color:"light_blue"}]} replace
