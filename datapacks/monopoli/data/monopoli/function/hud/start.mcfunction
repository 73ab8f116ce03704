scoreboard objectives add monopoli.hold dummy
schedule clear monopoli:hud/part/0
schedule clear monopoli:hud/part/1
schedule clear monopoli:hud/part/2
schedule clear monopoli:hud/part/3
schedule clear monopoli:hud/part/4
schedule clear monopoli:hud/part/5
schedule clear monopoli:hud/part/6
schedule clear monopoli:hud/part/7
schedule clear monopoli:hud/part/8
schedule clear monopoli:hud/part/9
schedule clear monopoli:hud/part/10
schedule clear monopoli:hud/part/11
schedule clear monopoli:hud/part/12
schedule clear monopoli:hud/part/13
schedule clear monopoli:hud/part/14
schedule clear monopoli:hud/part/15
schedule clear monopoli:hud/part/16
schedule clear monopoli:hud/part/17
schedule clear monopoli:hud/part/18
schedule clear monopoli:hud/part/19
schedule function monopoli:hud/part/0 1t
