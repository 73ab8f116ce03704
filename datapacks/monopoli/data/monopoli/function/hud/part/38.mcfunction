schedule function monopoli:hud/part/39 1t
