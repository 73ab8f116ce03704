schedule function monopoli:hud/part/14 1t
