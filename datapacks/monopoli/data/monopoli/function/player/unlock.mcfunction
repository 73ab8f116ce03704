execute as @a[scores={d6=0}] store success score @s monopoli.locked run scoreboard players enable @s d6
execute as @a[scores={d6=0,monopoli.locked=1}] run function monopoli:input/d6
execute as @a[scores={buy=0}] store success score @s monopoli.locked run scoreboard players enable @s buy
execute as @a[scores={buy=0,monopoli.locked=1}] run function monopoli:input/buy
execute as @a[scores={auction=0}] store success score @s monopoli.locked run scoreboard players enable @s auction
execute as @a[scores={auction=0,monopoli.locked=1}] run function monopoli:input/auction
execute as @a[scores={bid=0}] store success score @s monopoli.locked run scoreboard players enable @s bid
execute as @a[scores={bid=0,monopoli.locked=1}] run function monopoli:input/bid
execute as @a[scores={end_turn=0}] store success score @s monopoli.locked run scoreboard players enable @s end_turn
execute as @a[scores={end_turn=0,monopoli.locked=1}] run function monopoli:input/end_turn
execute as @a[scores={jail_pay=0}] store success score @s monopoli.locked run scoreboard players enable @s jail_pay
execute as @a[scores={jail_pay=0,monopoli.locked=1}] run function monopoli:input/jail_pay
execute as @a[scores={jail_card=0}] store success score @s monopoli.locked run scoreboard players enable @s jail_card
execute as @a[scores={jail_card=0,monopoli.locked=1}] run function monopoli:input/jail_card
execute as @a[scores={build=0}] store success score @s monopoli.locked run scoreboard players enable @s build
execute as @a[scores={build=0,monopoli.locked=1}] run function monopoli:input/build
execute as @a[scores={sell=0}] store success score @s monopoli.locked run scoreboard players enable @s sell
execute as @a[scores={sell=0,monopoli.locked=1}] run function monopoli:input/sell
execute as @a[scores={mortgage=0}] store success score @s monopoli.locked run scoreboard players enable @s mortgage
execute as @a[scores={mortgage=0,monopoli.locked=1}] run function monopoli:input/mortgage
execute as @a[scores={lift=0}] store success score @s monopoli.locked run scoreboard players enable @s lift
execute as @a[scores={lift=0,monopoli.locked=1}] run function monopoli:input/lift
execute as @a[scores={deed=0}] store success score @s monopoli.locked run scoreboard players enable @s deed
execute as @a[scores={deed=0,monopoli.locked=1}] run function monopoli:input/deed
execute as @a[scores={naughty=0}] store success score @s monopoli.locked run scoreboard players enable @s naughty
execute as @a[scores={naughty=0,monopoli.locked=1}] run function monopoli:input/naughty
execute as @a[scores={nice=0}] store success score @s monopoli.locked run scoreboard players enable @s nice
execute as @a[scores={nice=0,monopoli.locked=1}] run function monopoli:input/nice
execute as @a[scores={crate=0}] store success score @s monopoli.locked run scoreboard players enable @s crate
execute as @a[scores={crate=0,monopoli.locked=1}] run function monopoli:input/crate
execute as @a[scores={jar=0}] store success score @s monopoli.locked run scoreboard players enable @s jar
execute as @a[scores={jar=0,monopoli.locked=1}] run function monopoli:input/jar
execute as @a[scores={accept=0}] store success score @s monopoli.locked run scoreboard players enable @s accept
execute as @a[scores={accept=0,monopoli.locked=1}] run function monopoli:input/accept
execute as @a[scores={refuse=0}] store success score @s monopoli.locked run scoreboard players enable @s refuse
execute as @a[scores={refuse=0,monopoli.locked=1}] run function monopoli:input/refuse
execute as @a[scores={join=0}] store success score @s monopoli.locked run scoreboard players enable @s join
execute as @a[scores={join=0,monopoli.locked=1}] run function monopoli:input/join
execute as @a[scores={bus=0}] store success score @s monopoli.locked run scoreboard players enable @s bus
execute as @a[scores={bus=0,monopoli.locked=1}] run function monopoli:input/bus
execute as @a[scores={role=0}] store success score @s monopoli.locked run scoreboard players enable @s role
execute as @a[scores={role=0,monopoli.locked=1}] run function monopoli:input/role
execute as @a[scores={goto=0}] store success score @s monopoli.locked run scoreboard players enable @s goto
execute as @a[scores={goto=0,monopoli.locked=1}] run function monopoli:input/goto
execute as @a[scores={claim=0}] store success score @s monopoli.locked run scoreboard players enable @s claim
execute as @a[scores={claim=0,monopoli.locked=1}] run function monopoli:input/claim
execute as @a[scores={offer=0}] store success score @s monopoli.locked run scoreboard players enable @s offer
execute as @a[scores={offer=0,monopoli.locked=1}] run function monopoli:input/offer
execute as @a[scores={offer_cash=0}] store success score @s monopoli.locked run scoreboard players enable @s offer_cash
execute as @a[scores={offer_cash=0,monopoli.locked=1}] run function monopoli:input/offer_cash
execute as @a[scores={offer_card=0}] store success score @s monopoli.locked run scoreboard players enable @s offer_card
execute as @a[scores={offer_card=0,monopoli.locked=1}] run function monopoli:input/offer_card
execute as @a[scores={offer_to=0}] store success score @s monopoli.locked run scoreboard players enable @s offer_to
execute as @a[scores={offer_to=0,monopoli.locked=1}] run function monopoli:input/offer_to
execute as @a[scores={offer_send=0}] store success score @s monopoli.locked run scoreboard players enable @s offer_send
execute as @a[scores={offer_send=0,monopoli.locked=1}] run function monopoli:input/offer_send
execute as @a[scores={offer_clear=0}] store success score @s monopoli.locked run scoreboard players enable @s offer_clear
execute as @a[scores={offer_clear=0,monopoli.locked=1}] run function monopoli:input/offer_clear
schedule function monopoli:player/unlock 20t
