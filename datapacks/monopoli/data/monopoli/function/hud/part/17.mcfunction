schedule function monopoli:hud/part/18 1t
