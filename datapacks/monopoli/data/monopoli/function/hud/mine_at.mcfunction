$function monopoli:hud/table/$(n)/me
