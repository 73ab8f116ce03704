schedule function monopoli:hud/part/5 1t
