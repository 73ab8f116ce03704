place template monopoli:board 0 -60 0 none
