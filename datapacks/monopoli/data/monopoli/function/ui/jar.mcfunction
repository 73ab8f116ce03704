$scoreboard players set $jar.$(board) monopoli.cash $(cash)
$scoreboard players display name $jar.$(board) monopoli.cash {text:"$(label)",color:"yellow"}
