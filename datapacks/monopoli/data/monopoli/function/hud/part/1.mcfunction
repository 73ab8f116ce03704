function monopoli:hud/table/1
schedule function monopoli:hud/part/2 1t
