setblock 38 -59 0 minecraft:air replace
