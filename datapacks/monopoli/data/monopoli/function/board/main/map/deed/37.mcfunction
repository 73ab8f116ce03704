scoreboard players add $map.main monopoli.seq 1
$data modify storage monopoli:map main.next set value {color:"$(color)"}
execute store result storage monopoli:map main.next.n int 1 run scoreboard players get $map.main monopoli.seq
function monopoli:board/main/map/put/37 with storage monopoli:map main.next
