setblock 3 -59 31 minecraft:air replace
setblock 3 -59 30 minecraft:air replace
setblock 3 -59 29 minecraft:air replace
setblock 3 -59 28 minecraft:air replace
setblock 3 -58 30 minecraft:air replace
setblock 3 -58 29 minecraft:air replace
setblock 3 -57 30 minecraft:air replace
setblock 3 -57 29 minecraft:air replace
