setblock 0 -59 5 minecraft:air replace
$setblock 0 -59 5 minecraft:$(color)_banner[rotation=12]{CustomName:{text:"New York Avenue – ",extra:["$(owner)"]},patterns:[{pattern:"minecraft:stripe_bottom",color:"orange"}]} replace
