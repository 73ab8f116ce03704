$tag $(player) remove monopoli.walk
