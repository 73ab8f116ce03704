$execute as $(player) run function monopoli:board/$(board)/map/drop
