setblock 43 -59 30 minecraft:air replace
$setblock 43 -59 30 minecraft:$(color)_banner[rotation=4]{CustomName:{text:"Park Place – ",extra:["$(owner)"]},patterns:[{pattern:"minecraft:stripe_bottom",color:"blue"}]} replace
