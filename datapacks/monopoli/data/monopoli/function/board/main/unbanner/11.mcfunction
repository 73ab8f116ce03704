setblock 0 -59 37 minecraft:air replace
