schedule function monopoli:hud/part/28 1t
