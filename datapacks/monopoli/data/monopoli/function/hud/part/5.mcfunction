schedule function monopoli:hud/part/6 1t
