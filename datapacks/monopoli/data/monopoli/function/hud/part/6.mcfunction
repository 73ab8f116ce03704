schedule function monopoli:hud/part/7 1t
