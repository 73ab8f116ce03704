setblock 21 -59 43 minecraft:air replace
