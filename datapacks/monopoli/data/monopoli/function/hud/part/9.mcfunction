schedule function monopoli:hud/part/10 1t
