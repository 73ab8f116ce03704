$execute as $(player) run function monopoli:deed/$(space) {game:$(game)}
