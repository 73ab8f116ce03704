setblock 9 -59 43 minecraft:air replace
$setblock 9 -59 43 minecraft:$(color)_banner[rotation=8]{CustomName:{text:"Vermont Avenue – ",extra:["$(owner)"]},patterns:[{pattern:"minecraft:stripe_bottom",color:"light_blue"}]} replace
