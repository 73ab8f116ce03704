setblock 43 -59 10 minecraft:air replace
