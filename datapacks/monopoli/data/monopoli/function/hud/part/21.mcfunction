schedule function monopoli:hud/part/22 1t
