execute store result score $late monopoli.seq run time query gametime
scoreboard players operation $late monopoli.seq -= $beat monopoli.seq
