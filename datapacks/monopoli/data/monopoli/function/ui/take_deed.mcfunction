$clear $(player) minecraft:written_book[minecraft:custom_data={monopoli:{book:"deed",space:$(space)}}]
