setblock 4 -59 3 minecraft:air replace
setblock 5 -59 3 minecraft:air replace
setblock 6 -59 3 minecraft:air replace
setblock 7 -59 3 minecraft:air replace
setblock 5 -58 3 minecraft:air replace
setblock 6 -58 3 minecraft:air replace
setblock 5 -57 3 minecraft:air replace
setblock 6 -57 3 minecraft:air replace
