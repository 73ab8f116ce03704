setblock 40 -59 36 minecraft:air replace
setblock 40 -59 37 minecraft:air replace
setblock 40 -59 38 minecraft:air replace
setblock 40 -59 39 minecraft:air replace
setblock 40 -58 37 minecraft:air replace
setblock 40 -58 38 minecraft:air replace
setblock 40 -57 37 minecraft:air replace
setblock 40 -57 38 minecraft:air replace
