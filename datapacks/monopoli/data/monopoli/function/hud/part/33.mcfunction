schedule function monopoli:hud/part/34 1t
