$title $(player) actionbar {text:"$(text)"}
