$execute as $(player) run function monopoli:prompt/$(kind)/$(space)
