setblock 0 -59 33 minecraft:air replace
$setblock 0 -59 33 minecraft:$(color)_banner[rotation=12]{CustomName:{text:"Electric Company – ",extra:["$(owner)"]},patterns:[{pattern:"minecraft:stripe_bottom",color:"white"}]} replace
