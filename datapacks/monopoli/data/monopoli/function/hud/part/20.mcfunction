schedule function monopoli:hud/part/21 1t
