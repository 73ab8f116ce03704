setblock 0 -59 25 minecraft:air replace
