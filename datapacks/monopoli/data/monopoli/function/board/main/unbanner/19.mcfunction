setblock 0 -59 5 minecraft:air replace
