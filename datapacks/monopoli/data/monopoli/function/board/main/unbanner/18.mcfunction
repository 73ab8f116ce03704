setblock 0 -59 9 minecraft:air replace
