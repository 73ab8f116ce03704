schedule function monopoli:hud/part/1 1t
