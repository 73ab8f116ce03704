setblock 43 -59 22 minecraft:air replace
