setblock 30 -59 0 minecraft:air replace
