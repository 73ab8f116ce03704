schedule function monopoli:hud/part/20 1t
