schedule function monopoli:hud/part/27 1t
