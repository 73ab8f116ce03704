setblock 0 -59 29 minecraft:air replace
