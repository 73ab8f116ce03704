$clear $(player) minecraft:written_book[minecraft:custom_data={monopoli:{book:"night"}}]
$give $(player) minecraft:written_book[minecraft:written_book_content={title:"The night's standings",author:"Monopoli MC",pages:$(pages)},minecraft:custom_data={monopoli:{book:"night"}}]
