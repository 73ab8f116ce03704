execute as @p[distance=..6,gamemode=!spectator] run function monopoli:press/jar_by
