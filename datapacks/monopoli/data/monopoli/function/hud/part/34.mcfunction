schedule function monopoli:hud/part/35 1t
