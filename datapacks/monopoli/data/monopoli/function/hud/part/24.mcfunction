schedule function monopoli:hud/part/25 1t
