execute as @p[distance=..6,gamemode=!spectator] run function monopoli:press/crate_by
