setblock 19 -59 40 minecraft:air replace
setblock 18 -59 40 minecraft:air replace
setblock 17 -59 40 minecraft:air replace
setblock 16 -59 40 minecraft:air replace
setblock 18 -58 40 minecraft:air replace
setblock 17 -58 40 minecraft:air replace
setblock 18 -57 40 minecraft:air replace
setblock 17 -57 40 minecraft:air replace
