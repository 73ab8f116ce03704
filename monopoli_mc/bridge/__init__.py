"""The bridge: inbox text -> typed world events, game state and events -> command text."""
