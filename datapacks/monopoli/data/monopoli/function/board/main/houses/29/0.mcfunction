setblock 36 -59 3 minecraft:air replace
setblock 37 -59 3 minecraft:air replace
setblock 38 -59 3 minecraft:air replace
setblock 39 -59 3 minecraft:air replace
setblock 37 -58 3 minecraft:air replace
setblock 38 -58 3 minecraft:air replace
setblock 37 -57 3 minecraft:air replace
setblock 38 -57 3 minecraft:air replace
