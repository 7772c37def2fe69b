"""The shipped art (SVG/PNG) and the pygame_gui theme; found through importlib.resources."""
