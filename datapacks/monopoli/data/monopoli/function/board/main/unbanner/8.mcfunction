setblock 9 -59 43 minecraft:air replace
