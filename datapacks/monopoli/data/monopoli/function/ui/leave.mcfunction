$scoreboard players reset $(player) monopoli.cash
$title $(player) actionbar {text:""}
$function monopoli:ui/take_books {player:"$(player)"}
$title $(player) clear
$tag $(player) remove monopoli.walk
$team leave $(player)
$scoreboard players reset $(player) monopoli.table
$scoreboard players reset $(player) monopoli.hold
