"""Option values read as words from the catalogues (issue 17): switches as yes/no, a game's own
value words from "<its option label key>.<value>", so each language can say them."""

from __future__ import annotations

from weather_tabletop import games
from weather_tabletop.i18n import tr


def test_option_values_come_from_the_catalogues():
    from weather_tabletop.ui.scenes.setup import _choice_text

    meteo = {o.key: o for o in games.get("meteo").options}
    sky = {o.key: o for o in games.get("machines-to-the-sky").options}
    assert _choice_text(0, meteo["round_limit"]) == tr("meteo.option.round_limit.0") == "no limit"
    assert _choice_text(60, meteo["round_limit"]) == "60"
    assert _choice_text("yes", sky["actors"]) == tr("common.yes")
    assert _choice_text(True) == tr("common.yes") and _choice_text(False) == tr("common.no")
    assert _choice_text("unique", sky["mat_side"]) == tr("mtts.option.mat_side.unique")
