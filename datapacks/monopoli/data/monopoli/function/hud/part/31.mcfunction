schedule function monopoli:hud/part/32 1t
