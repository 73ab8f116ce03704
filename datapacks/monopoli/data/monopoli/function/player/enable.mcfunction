scoreboard players set @s d6 0
scoreboard players enable @s d6
scoreboard players set @s buy 0
scoreboard players enable @s buy
scoreboard players set @s auction 0
scoreboard players enable @s auction
scoreboard players set @s bid 0
scoreboard players enable @s bid
scoreboard players set @s end_turn 0
scoreboard players enable @s end_turn
scoreboard players set @s jail_pay 0
scoreboard players enable @s jail_pay
scoreboard players set @s jail_card 0
scoreboard players enable @s jail_card
scoreboard players set @s build 0
scoreboard players enable @s build
scoreboard players set @s sell 0
scoreboard players enable @s sell
scoreboard players set @s mortgage 0
scoreboard players enable @s mortgage
scoreboard players set @s lift 0
scoreboard players enable @s lift
scoreboard players set @s deed 0
scoreboard players enable @s deed
scoreboard players set @s naughty 0
scoreboard players enable @s naughty
scoreboard players set @s nice 0
scoreboard players enable @s nice
scoreboard players set @s crate 0
scoreboard players enable @s crate
scoreboard players set @s jar 0
scoreboard players enable @s jar
scoreboard players set @s accept 0
scoreboard players enable @s accept
scoreboard players set @s refuse 0
scoreboard players enable @s refuse
scoreboard players set @s join 0
scoreboard players enable @s join
scoreboard players set @s bus 0
scoreboard players enable @s bus
scoreboard players set @s role 0
scoreboard players enable @s role
scoreboard players set @s goto 0
scoreboard players enable @s goto
scoreboard players set @s claim 0
scoreboard players enable @s claim
scoreboard players set @s offer 0
scoreboard players enable @s offer
scoreboard players set @s offer_cash 0
scoreboard players enable @s offer_cash
scoreboard players set @s offer_card 0
scoreboard players enable @s offer_card
scoreboard players set @s offer_to 0
scoreboard players enable @s offer_to
scoreboard players set @s offer_send 0
scoreboard players enable @s offer_send
scoreboard players set @s offer_clear 0
scoreboard players enable @s offer_clear
scoreboard players set @s standings 0
scoreboard players enable @s standings
function monopoli:press/reset
