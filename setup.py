"""Only the package list lives here: ``art/`` and ``saves/`` sit at the top of the repository
(the project layout) but install inside the package as ``weather_tabletop.art`` and
``weather_tabletop.saves``, which setuptools' automatic discovery does not find."""

from setuptools import find_packages, setup

setup(packages=find_packages(include=["weather_tabletop", "weather_tabletop.*"])
      + ["weather_tabletop.art", "weather_tabletop.saves"])
