setblock 28 -59 3 minecraft:air replace
setblock 29 -59 3 minecraft:air replace
setblock 30 -59 3 minecraft:air replace
setblock 31 -59 3 minecraft:air replace
setblock 29 -58 3 minecraft:air replace
setblock 30 -58 3 minecraft:air replace
setblock 29 -57 3 minecraft:air replace
setblock 30 -57 3 minecraft:air replace
