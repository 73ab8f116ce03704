scoreboard objectives add monopoli.rank dummy
