schedule function monopoli:hud/part/16 1t
