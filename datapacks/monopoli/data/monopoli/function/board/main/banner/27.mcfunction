setblock 30 -59 0 minecraft:air replace
$setblock 30 -59 0 minecraft:$(color)_banner[rotation=0]{CustomName:{text:"Ventnor Avenue – ",extra:["$(owner)"]},patterns:[{pattern:"minecraft:stripe_bottom",color:"yellow"}]} replace
