team add monopoli.white
team modify monopoli.white color white
team add monopoli.orange
team modify monopoli.orange color gold
team add monopoli.magenta
team modify monopoli.magenta color light_purple
team add monopoli.light_blue
team modify monopoli.light_blue color aqua
team add monopoli.yellow
team modify monopoli.yellow color yellow
team add monopoli.lime
team modify monopoli.lime color green
team add monopoli.pink
team modify monopoli.pink color light_purple
team add monopoli.gray
team modify monopoli.gray color dark_gray
team add monopoli.light_gray
team modify monopoli.light_gray color gray
team add monopoli.cyan
team modify monopoli.cyan color dark_aqua
team add monopoli.purple
team modify monopoli.purple color dark_purple
team add monopoli.blue
team modify monopoli.blue color blue
team add monopoli.brown
team modify monopoli.brown color dark_red
team add monopoli.green
team modify monopoli.green color dark_green
team add monopoli.red
team modify monopoli.red color red
team add monopoli.black
team modify monopoli.black color black
