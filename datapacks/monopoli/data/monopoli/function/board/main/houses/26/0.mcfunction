setblock 24 -59 3 minecraft:air replace
setblock 25 -59 3 minecraft:air replace
setblock 26 -59 3 minecraft:air replace
setblock 27 -59 3 minecraft:air replace
setblock 25 -58 3 minecraft:air replace
setblock 26 -58 3 minecraft:air replace
setblock 25 -57 3 minecraft:air replace
setblock 26 -57 3 minecraft:air replace
