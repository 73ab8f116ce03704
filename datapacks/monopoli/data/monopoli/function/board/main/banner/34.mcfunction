$setblock 43 -59 18 minecraft:$(color)_banner[rotation=4]{CustomName:{text:"Pennsylvania Avenue – $(owner)"},patterns:[{pattern:"minecraft:stripe_bottom",color:"green"}]} replace
