$scoreboard players set $quiet monopoli.seq $(ticks)
$data modify storage monopoli:quiet after set value $(after)
