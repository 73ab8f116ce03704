schedule function monopoli:hud/part/4 1t
