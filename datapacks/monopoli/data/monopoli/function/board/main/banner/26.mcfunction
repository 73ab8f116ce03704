setblock 26 -59 0 minecraft:air replace
$setblock 26 -59 0 minecraft:$(color)_banner[rotation=0]{CustomName:{text:"Atlantic Avenue – ",extra:["$(owner)"]},patterns:[{pattern:"minecraft:stripe_bottom",color:"yellow"}]} replace
