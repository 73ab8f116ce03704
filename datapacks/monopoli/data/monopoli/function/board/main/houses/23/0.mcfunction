setblock 12 -59 3 minecraft:air replace
setblock 13 -59 3 minecraft:air replace
setblock 14 -59 3 minecraft:air replace
setblock 15 -59 3 minecraft:air replace
setblock 13 -58 3 minecraft:air replace
setblock 14 -58 3 minecraft:air replace
setblock 13 -57 3 minecraft:air replace
setblock 14 -57 3 minecraft:air replace
