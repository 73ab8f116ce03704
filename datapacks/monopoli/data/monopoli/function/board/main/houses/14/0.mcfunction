setblock 3 -59 27 minecraft:air replace
setblock 3 -59 26 minecraft:air replace
setblock 3 -59 25 minecraft:air replace
setblock 3 -59 24 minecraft:air replace
setblock 3 -58 26 minecraft:air replace
setblock 3 -58 25 minecraft:air replace
setblock 3 -57 26 minecraft:air replace
setblock 3 -57 25 minecraft:air replace
