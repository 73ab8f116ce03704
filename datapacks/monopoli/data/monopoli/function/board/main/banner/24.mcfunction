setblock 18 -59 0 minecraft:air replace
$setblock 18 -59 0 minecraft:$(color)_banner[rotation=0]{CustomName:{text:"Illinois Avenue – ",extra:["$(owner)"]},patterns:[{pattern:"minecraft:stripe_bottom",color:"red"}]} replace
