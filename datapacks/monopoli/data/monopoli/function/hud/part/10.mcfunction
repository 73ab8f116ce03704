schedule function monopoli:hud/part/11 1t
