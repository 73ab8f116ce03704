setblock 43 -59 38 minecraft:air replace
$setblock 43 -59 38 minecraft:$(color)_banner[rotation=4]{CustomName:{text:"Boardwalk – ",extra:["$(owner)"]},patterns:[{pattern:"minecraft:stripe_bottom",color:"blue"}]} replace
