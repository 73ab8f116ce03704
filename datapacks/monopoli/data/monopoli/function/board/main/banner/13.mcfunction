setblock 0 -59 29 minecraft:air replace
$setblock 0 -59 29 minecraft:$(color)_banner[rotation=12]{CustomName:{text:"States Avenue – ",extra:["$(owner)"]},patterns:[{pattern:"minecraft:stripe_bottom",color:"magenta"}]} replace
