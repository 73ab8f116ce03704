execute as @a run function monopoli:player/reenable
