"""A board's game at runtime: the table, what a player's input means, trades, undo, the night rank as players see it."""
