setblock 31 -59 40 minecraft:air replace
setblock 30 -59 40 minecraft:air replace
setblock 29 -59 40 minecraft:air replace
setblock 28 -59 40 minecraft:air replace
setblock 30 -58 40 minecraft:air replace
setblock 29 -58 40 minecraft:air replace
setblock 30 -57 40 minecraft:air replace
setblock 29 -57 40 minecraft:air replace
