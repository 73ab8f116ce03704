"""The sandbox: an embedded vanilla-like Minecraft server (world, commands, RCON, bots)."""
