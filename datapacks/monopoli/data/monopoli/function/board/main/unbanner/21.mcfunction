setblock 6 -59 0 minecraft:air replace
