setblock 18 -59 0 minecraft:air replace
