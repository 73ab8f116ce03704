execute unless data storage monopoli:backlog pages[0] run data modify storage monopoli:backlog pages append value []
execute if data storage monopoli:backlog pages[-1][63] run data modify storage monopoli:backlog pages append value []
data modify storage monopoli:backlog pages[-1] append from storage monopoli:bridge next
data remove storage monopoli:bridge next
