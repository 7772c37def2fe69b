"""``python -m weather_tabletop``: the same as the ``weather-tabletop`` command."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
