schedule function monopoli:hud/part/13 1t
