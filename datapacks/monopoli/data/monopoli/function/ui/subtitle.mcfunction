$title $(player) subtitle {text:"$(text)"}
