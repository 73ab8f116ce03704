setblock 3 -59 39 minecraft:air replace
setblock 3 -59 38 minecraft:air replace
setblock 3 -59 37 minecraft:air replace
setblock 3 -59 36 minecraft:air replace
setblock 3 -58 38 minecraft:air replace
setblock 3 -58 37 minecraft:air replace
setblock 3 -57 38 minecraft:air replace
setblock 3 -57 37 minecraft:air replace
