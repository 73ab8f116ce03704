$title $(player) actionbar {text:"$(text)"}
$scoreboard players set $(player) monopoli.hold 3
