setblock 0 -59 21 minecraft:air replace
