setblock 40 -59 28 minecraft:air replace
setblock 40 -59 29 minecraft:air replace
setblock 40 -59 30 minecraft:air replace
setblock 40 -59 31 minecraft:air replace
setblock 40 -58 29 minecraft:air replace
setblock 40 -58 30 minecraft:air replace
setblock 40 -57 29 minecraft:air replace
setblock 40 -57 30 minecraft:air replace
