setblock 0 -59 17 minecraft:air replace
