schedule function monopoli:hud/part/9 1t
