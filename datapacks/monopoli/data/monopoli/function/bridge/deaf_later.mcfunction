$schedule function monopoli:bridge/deaf $(after)t replace
