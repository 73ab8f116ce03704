setblock 37 -59 43 minecraft:air replace
