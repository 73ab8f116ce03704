$tellraw $(player) {text:"",extra:[{text:"High bid $$(high)$(by). ",color:"yellow"}]}
