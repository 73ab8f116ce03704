$execute as $(player) run function monopoli:prompt/buy/$(space)
