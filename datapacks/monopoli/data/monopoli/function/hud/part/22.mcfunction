schedule function monopoli:hud/part/23 1t
