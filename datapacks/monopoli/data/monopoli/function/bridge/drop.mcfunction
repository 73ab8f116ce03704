function monopoli:bridge/shift
execute unless data storage monopoli:bridge inbox[0] if data storage monopoli:backlog pages[0] run function monopoli:bridge/refill
