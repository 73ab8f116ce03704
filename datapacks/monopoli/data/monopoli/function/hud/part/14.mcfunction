schedule function monopoli:hud/part/15 1t
