$data modify storage monopoli:hud $(board) set value "Game over"
