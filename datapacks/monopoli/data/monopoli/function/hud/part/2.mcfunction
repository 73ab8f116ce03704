schedule function monopoli:hud/part/3 1t
