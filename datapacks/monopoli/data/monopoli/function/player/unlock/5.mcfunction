execute as @a[scores={jail_pay=0}] store success score @s monopoli.locked run scoreboard players enable @s jail_pay
execute as @a[scores={jail_pay=0,monopoli.locked=1}] run function monopoli:input/jail_pay
execute as @a[scores={offer_card=0}] store success score @s monopoli.locked run scoreboard players enable @s offer_card
execute as @a[scores={offer_card=0,monopoli.locked=1}] run function monopoli:input/offer_card
schedule function monopoli:player/unlock/6 1t
