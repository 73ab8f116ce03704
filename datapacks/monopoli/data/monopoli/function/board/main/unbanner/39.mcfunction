setblock 43 -59 38 minecraft:air replace
