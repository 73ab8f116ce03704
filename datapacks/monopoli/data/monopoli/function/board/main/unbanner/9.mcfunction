setblock 5 -59 43 minecraft:air replace
