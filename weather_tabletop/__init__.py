"""Weather Tabletop: three weather-themed board games at one computer, every rule enforced."""

__version__ = "0.1.0"
APP_NAME = "Weather Tabletop"
