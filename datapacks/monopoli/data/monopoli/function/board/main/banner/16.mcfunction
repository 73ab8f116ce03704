setblock 0 -59 17 minecraft:air replace
$setblock 0 -59 17 minecraft:$(color)_banner[rotation=12]{CustomName:{text:"St. James Place – ",extra:["$(owner)"]},patterns:[{pattern:"minecraft:stripe_bottom",color:"orange"}]} replace
