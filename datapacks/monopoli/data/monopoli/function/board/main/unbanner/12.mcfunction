setblock 0 -59 33 minecraft:air replace
