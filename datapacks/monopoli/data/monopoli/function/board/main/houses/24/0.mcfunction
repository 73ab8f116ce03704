setblock 16 -59 3 minecraft:air replace
setblock 17 -59 3 minecraft:air replace
setblock 18 -59 3 minecraft:air replace
setblock 19 -59 3 minecraft:air replace
setblock 17 -58 3 minecraft:air replace
setblock 18 -58 3 minecraft:air replace
setblock 17 -57 3 minecraft:air replace
setblock 18 -57 3 minecraft:air replace
