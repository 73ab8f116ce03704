setblock 11 -59 40 minecraft:air replace
setblock 10 -59 40 minecraft:air replace
setblock 9 -59 40 minecraft:air replace
setblock 8 -59 40 minecraft:air replace
setblock 10 -58 40 minecraft:air replace
setblock 9 -58 40 minecraft:air replace
setblock 10 -57 40 minecraft:air replace
setblock 9 -57 40 minecraft:air replace
