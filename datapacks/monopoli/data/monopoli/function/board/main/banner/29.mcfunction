setblock 38 -59 0 minecraft:air replace
$setblock 38 -59 0 minecraft:$(color)_banner[rotation=0]{CustomName:{text:"Marvin Gardens – ",extra:["$(owner)"]},patterns:[{pattern:"minecraft:stripe_bottom",color:"yellow"}]} replace
