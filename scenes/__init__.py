"""Callidus's screens: one scene per screen, and one board view per game."""
