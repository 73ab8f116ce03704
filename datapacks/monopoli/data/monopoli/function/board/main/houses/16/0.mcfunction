setblock 3 -59 19 minecraft:air replace
setblock 3 -59 18 minecraft:air replace
setblock 3 -59 17 minecraft:air replace
setblock 3 -59 16 minecraft:air replace
setblock 3 -58 18 minecraft:air replace
setblock 3 -58 17 minecraft:air replace
setblock 3 -57 18 minecraft:air replace
setblock 3 -57 17 minecraft:air replace
