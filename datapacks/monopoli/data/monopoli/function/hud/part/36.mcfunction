schedule function monopoli:hud/part/37 1t
