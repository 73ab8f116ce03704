$tellraw $(player) {text:"$(text)"}
