schedule function monopoli:hud/part/30 1t
