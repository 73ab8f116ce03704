setblock 3 -59 7 minecraft:air replace
setblock 3 -59 6 minecraft:air replace
setblock 3 -59 5 minecraft:air replace
setblock 3 -59 4 minecraft:air replace
setblock 3 -58 6 minecraft:air replace
setblock 3 -58 5 minecraft:air replace
setblock 3 -57 6 minecraft:air replace
setblock 3 -57 5 minecraft:air replace
