execute store result score $beat monopoli.seq run time query gametime
function monopoli:bridge/deaf_later with storage monopoli:quiet
