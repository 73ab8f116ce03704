$clear $(player) minecraft:written_book[minecraft:custom_data~{monopoli:{book:"deed"}}]
$clear $(player) minecraft:written_book[minecraft:custom_data~{monopoli:{book:"card"}}]
