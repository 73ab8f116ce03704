schedule function monopoli:hud/part/8 1t
