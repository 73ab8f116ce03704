schedule function monopoli:hud/part/0 1t
