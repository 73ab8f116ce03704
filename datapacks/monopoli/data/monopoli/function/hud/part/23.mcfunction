schedule function monopoli:hud/part/24 1t
