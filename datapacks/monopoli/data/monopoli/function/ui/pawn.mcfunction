$team join monopoli.$(color) $(player)
