setblock 17 -59 43 minecraft:air replace
