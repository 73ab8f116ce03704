$title $(player) title {text:"$(text)"}
