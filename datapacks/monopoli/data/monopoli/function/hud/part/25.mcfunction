schedule function monopoli:hud/part/26 1t
