setblock 0 -59 25 minecraft:air replace
$setblock 0 -59 25 minecraft:$(color)_banner[rotation=12]{CustomName:{text:"Virginia Avenue – ",extra:["$(owner)"]},patterns:[{pattern:"minecraft:stripe_bottom",color:"magenta"}]} replace
