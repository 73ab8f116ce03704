"""The clocks around a game: an auction's quiet time, the time limit, walks, a debt's wait, a board's status in words, the heartbeat."""
