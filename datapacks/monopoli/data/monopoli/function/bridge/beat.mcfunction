execute store result score $beat monopoli.seq run time query gametime
schedule function monopoli:bridge/deaf 101t replace
