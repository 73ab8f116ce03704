setblock 14 -59 0 minecraft:air replace
