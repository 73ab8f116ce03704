setblock 26 -59 0 minecraft:air replace
