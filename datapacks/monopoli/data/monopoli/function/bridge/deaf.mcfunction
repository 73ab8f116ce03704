bossbar set monopoli:auction_main name {text:"Auction on hold: the game is not answering; bids are kept and count when it is back",color:"red"}
bossbar set monopoli:auction_main color red
