"""The app shell: window, scenes, table frame, drag and drop, theme (DESIGN.md, "The app").

Entry points used by the CLI: :func:`weather_tabletop.ui.app.run` and
:func:`weather_tabletop.ui.screenshot.render`.
"""
