setblock 40 -59 4 minecraft:air replace
setblock 40 -59 5 minecraft:air replace
setblock 40 -59 6 minecraft:air replace
setblock 40 -59 7 minecraft:air replace
setblock 40 -58 5 minecraft:air replace
setblock 40 -58 6 minecraft:air replace
setblock 40 -57 5 minecraft:air replace
setblock 40 -57 6 minecraft:air replace
