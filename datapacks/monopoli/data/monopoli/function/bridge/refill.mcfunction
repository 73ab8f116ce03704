data modify storage monopoli:bridge inbox set from storage monopoli:backlog pages[0]
data remove storage monopoli:backlog pages[0]
