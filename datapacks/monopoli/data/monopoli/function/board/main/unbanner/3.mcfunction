setblock 29 -59 43 minecraft:air replace
