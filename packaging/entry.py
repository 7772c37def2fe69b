"""Entry point of the packaged executable: the same command line as ``weather-tabletop``."""

import multiprocessing
import sys

from weather_tabletop.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
