schedule function monopoli:hud/part/36 1t
