setblock 0 -59 37 minecraft:air replace
$setblock 0 -59 37 minecraft:$(color)_banner[rotation=12]{CustomName:{text:"St. Charles Place – ",extra:["$(owner)"]},patterns:[{pattern:"minecraft:stripe_bottom",color:"magenta"}]} replace
