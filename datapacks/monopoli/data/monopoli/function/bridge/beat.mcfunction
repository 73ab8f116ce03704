execute store result score $beat monopoli.seq run time query gametime
