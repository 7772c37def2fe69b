"""Meteo: weather markers and figures crossing a hex island (``meteo.en.txt``).

``rules.GAME`` implements the engine protocol; ``board`` loads the island and the placement table
from ``data/``; ``bots.choose`` is the greedy computer player.
"""
