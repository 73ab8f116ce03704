schedule function monopoli:hud/part/38 1t
