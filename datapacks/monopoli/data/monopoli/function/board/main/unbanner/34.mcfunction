setblock 43 -59 18 minecraft:air replace
