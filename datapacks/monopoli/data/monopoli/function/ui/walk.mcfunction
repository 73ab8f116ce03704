$tag $(player) add monopoli.walk
