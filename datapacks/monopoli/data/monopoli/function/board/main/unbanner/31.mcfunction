setblock 43 -59 6 minecraft:air replace
