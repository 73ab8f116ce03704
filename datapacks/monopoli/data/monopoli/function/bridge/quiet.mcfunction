$scoreboard players set $quiet monopoli.seq $(ticks)
