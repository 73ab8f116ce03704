$data modify storage monopoli:hud $(board) set value "$(player)'s turn"
