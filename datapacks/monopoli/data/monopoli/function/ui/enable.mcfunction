$execute as $(player) run function monopoli:player/enable
