setblock 0 -59 21 minecraft:air replace
$setblock 0 -59 21 minecraft:$(color)_banner[rotation=12]{CustomName:{text:"Pennsylvania Railroad – ",extra:["$(owner)"]},patterns:[{pattern:"minecraft:stripe_bottom",color:"black"}]} replace
