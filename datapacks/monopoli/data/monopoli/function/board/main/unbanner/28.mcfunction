setblock 34 -59 0 minecraft:air replace
