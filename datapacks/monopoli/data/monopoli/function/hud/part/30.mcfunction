schedule function monopoli:hud/part/31 1t
