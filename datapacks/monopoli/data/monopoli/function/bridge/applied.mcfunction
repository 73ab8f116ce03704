$execute if data storage monopoli:bridge night{token:"$(t)"} run data modify storage monopoli:bridge night merge value {applied:$(n),moves:$(m),at:$(at)}
