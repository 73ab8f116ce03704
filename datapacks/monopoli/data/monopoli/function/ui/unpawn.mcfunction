$team leave $(player)
