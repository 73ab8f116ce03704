setblock 43 -59 30 minecraft:air replace
