"""Monopoli MC: Monopoly at prom, played inside a vanilla Minecraft Java server."""

__version__ = "0.1.0"
