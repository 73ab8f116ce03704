setblock 39 -59 40 minecraft:air replace
setblock 38 -59 40 minecraft:air replace
setblock 37 -59 40 minecraft:air replace
setblock 36 -59 40 minecraft:air replace
setblock 38 -58 40 minecraft:air replace
setblock 37 -58 40 minecraft:air replace
setblock 38 -57 40 minecraft:air replace
setblock 37 -57 40 minecraft:air replace
