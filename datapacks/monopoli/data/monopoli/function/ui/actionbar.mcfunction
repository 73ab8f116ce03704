$title $(player) actionbar {text:"$(text)"}
$execute store result score $(player) monopoli.hold run time query gametime
$scoreboard players add $(player) monopoli.hold 40
schedule function monopoli:hud/back 40t append
