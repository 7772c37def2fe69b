"""Message catalogues (``<lang>.json``) for :mod:`weather_tabletop.i18n`."""
