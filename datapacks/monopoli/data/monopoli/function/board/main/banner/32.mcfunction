setblock 43 -59 10 minecraft:air replace
$setblock 43 -59 10 minecraft:$(color)_banner[rotation=4]{CustomName:{text:"North Carolina Avenue – ",extra:["$(owner)"]},patterns:[{pattern:"minecraft:stripe_bottom",color:"green"}]} replace
