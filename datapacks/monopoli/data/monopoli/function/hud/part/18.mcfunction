schedule function monopoli:hud/part/19 1t
