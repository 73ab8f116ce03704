setblock 40 -59 8 minecraft:air replace
setblock 40 -59 9 minecraft:air replace
setblock 40 -59 10 minecraft:air replace
setblock 40 -59 11 minecraft:air replace
setblock 40 -58 9 minecraft:air replace
setblock 40 -58 10 minecraft:air replace
setblock 40 -57 9 minecraft:air replace
setblock 40 -57 10 minecraft:air replace
