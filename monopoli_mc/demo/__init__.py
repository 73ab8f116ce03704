"""The demo: the sandbox, the real controller over RCON, and bot players who act as people do."""
