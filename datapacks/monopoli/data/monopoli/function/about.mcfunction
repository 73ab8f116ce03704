data modify storage monopoli:bridge about set value {version:"1.21.11",board:"Standard (US)",boards:[{name:"main",origin:[0,-60,0],facing:"west",tile:4,height:10}]}
