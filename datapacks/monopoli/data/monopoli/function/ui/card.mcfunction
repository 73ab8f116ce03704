$execute as $(player) run function monopoli:card/$(deck)/$(card)
