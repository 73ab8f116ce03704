schedule function monopoli:hud/part/12 1t
