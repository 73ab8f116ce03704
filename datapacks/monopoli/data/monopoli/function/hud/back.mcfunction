execute store result score $now monopoli.hold run time query gametime
execute as @a[scores={monopoli.hold=-2147483648..}] if score @s monopoli.hold <= $now monopoli.hold run function monopoli:hud/mine
