setblock 22 -59 0 minecraft:air replace
