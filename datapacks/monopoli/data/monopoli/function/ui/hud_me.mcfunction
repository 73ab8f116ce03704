$execute as $(player) run function monopoli:hud/table/$(table)/me
