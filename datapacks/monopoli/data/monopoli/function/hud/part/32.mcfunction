schedule function monopoli:hud/part/33 1t
