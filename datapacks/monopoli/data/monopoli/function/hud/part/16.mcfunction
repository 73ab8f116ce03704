schedule function monopoli:hud/part/17 1t
