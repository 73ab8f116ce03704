$function monopoli:hud/table/$(table)
