$clear $(player) minecraft:written_book[minecraft:custom_data={monopoli:{book:"card",deck:"$(deck)",card:$(card)}}]
