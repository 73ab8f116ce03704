setblock 7 -59 40 minecraft:air replace
setblock 6 -59 40 minecraft:air replace
setblock 5 -59 40 minecraft:air replace
setblock 4 -59 40 minecraft:air replace
setblock 6 -58 40 minecraft:air replace
setblock 5 -58 40 minecraft:air replace
setblock 6 -57 40 minecraft:air replace
setblock 5 -57 40 minecraft:air replace
