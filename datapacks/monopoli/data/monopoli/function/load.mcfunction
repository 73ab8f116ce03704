gamerule command_block_output false
gamerule send_command_feedback false
gamerule log_admin_commands false
gamerule keep_inventory true
difficulty peaceful
scoreboard objectives add monopoli.cash dummy {text:"Cash",color:"gold"}
scoreboard objectives setdisplay sidebar monopoli.cash
scoreboard objectives add monopoli.seq dummy
scoreboard objectives add monopoli.left minecraft.custom:minecraft.leave_game
scoreboard objectives add monopoli.locked dummy
scoreboard objectives add monopoli.died deathCount
scoreboard objectives add monopoli.table dummy
scoreboard objectives add d6 trigger
scoreboard objectives add buy trigger
scoreboard objectives add auction trigger
scoreboard objectives add bid trigger
scoreboard objectives add end_turn trigger
scoreboard objectives add jail_pay trigger
scoreboard objectives add jail_card trigger
scoreboard objectives add build trigger
scoreboard objectives add sell trigger
scoreboard objectives add mortgage trigger
scoreboard objectives add lift trigger
scoreboard objectives add deed trigger
scoreboard objectives add naughty trigger
scoreboard objectives add nice trigger
scoreboard objectives add crate trigger
scoreboard objectives add jar trigger
scoreboard objectives add accept trigger
scoreboard objectives add refuse trigger
scoreboard objectives add join trigger
scoreboard objectives add bus trigger
scoreboard objectives add role trigger
scoreboard objectives add goto trigger
scoreboard objectives add claim trigger
scoreboard objectives add offer trigger
scoreboard objectives add offer_cash trigger
scoreboard objectives add offer_card trigger
scoreboard objectives add offer_to trigger
scoreboard objectives add offer_send trigger
scoreboard objectives add offer_clear trigger
scoreboard objectives add standings trigger
execute unless data storage monopoli:bridge world run execute store result storage monopoli:bridge world int 1 run random value 1..2147483646
execute store result storage monopoli:bridge boot int 1 run random value 1..2147483646
scoreboard players add $beat monopoli.seq 0
execute unless score $quiet monopoli.seq matches 1.. run scoreboard players set $quiet monopoli.seq 19
execute unless data storage monopoli:quiet after run data modify storage monopoli:quiet after set value 20
scoreboard players add $wrote monopoli.seq 0
scoreboard players add $acked monopoli.seq 0
scoreboard players add $told monopoli.seq 0
scoreboard objectives add monopoli.asked dummy
scoreboard players add $seq monopoli.seq 0
execute store result storage monopoli:bridge seq int 1 run scoreboard players get $seq monopoli.seq
execute store result storage monopoli:bridge since int 1 run scoreboard players get $seq monopoli.seq
execute unless data storage monopoli:bridge inbox run data modify storage monopoli:bridge inbox set value []
execute unless data storage monopoli:backlog pages run data modify storage monopoli:backlog pages set value []
data modify storage monopoli:bridge pos set value []
function monopoli:player/reenable_all
schedule clear monopoli:player/unlock/0
schedule clear monopoli:player/unlock/1
schedule clear monopoli:player/unlock/2
schedule clear monopoli:player/unlock/3
schedule clear monopoli:player/unlock/4
schedule clear monopoli:player/unlock/5
schedule clear monopoli:player/unlock/6
schedule clear monopoli:player/unlock/7
schedule clear monopoli:player/unlock/8
schedule clear monopoli:player/unlock/9
schedule clear monopoli:player/unlock/10
schedule clear monopoli:player/unlock/11
schedule clear monopoli:player/unlock/12
schedule clear monopoli:player/unlock/13
schedule clear monopoli:player/unlock/14
schedule clear monopoli:player/unlock/15
schedule clear monopoli:player/unlock/16
schedule clear monopoli:player/unlock/17
schedule clear monopoli:player/unlock/18
schedule clear monopoli:player/unlock/19
schedule function monopoli:player/unlock/0 20t
