setblock 3 -59 11 minecraft:air replace
setblock 3 -59 10 minecraft:air replace
setblock 3 -59 9 minecraft:air replace
setblock 3 -59 8 minecraft:air replace
setblock 3 -58 10 minecraft:air replace
setblock 3 -58 9 minecraft:air replace
setblock 3 -57 10 minecraft:air replace
setblock 3 -57 9 minecraft:air replace
