setblock 40 -59 16 minecraft:air replace
setblock 40 -59 17 minecraft:air replace
setblock 40 -59 18 minecraft:air replace
setblock 40 -59 19 minecraft:air replace
setblock 40 -58 17 minecraft:air replace
setblock 40 -58 18 minecraft:air replace
setblock 40 -57 17 minecraft:air replace
setblock 40 -57 18 minecraft:air replace
