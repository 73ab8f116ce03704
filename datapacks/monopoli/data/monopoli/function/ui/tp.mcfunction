$execute as $(player) run function monopoli:board/$(board)/tp/$(space)
