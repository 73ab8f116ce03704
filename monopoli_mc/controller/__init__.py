"""The controller: world events -> engine actions -> world changes, persisted in SQLite."""
