schedule function monopoli:hud/part/29 1t
