$tellraw $(player) {text:"",extra:[{text:"High bid $$(high)$(by). ",color:"yellow"},{text:"[Other]",color:"gray",click_event:{action:"suggest_command",command:"/trigger bid set "}}]}
