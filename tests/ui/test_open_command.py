"""`weather-tabletop open FILE` (issue 21): the window opens with the file's replay; a path that
is not a file is a one-line usage error (exit 2)."""

from __future__ import annotations

from pathlib import Path

from weather_tabletop import cli

DEMO = Path(__file__).resolve().parents[2] / "saves" / "meteo-demo-2p.wtsave"


def test_open_shows_the_replay_of_the_file(monkeypatch, tmp_path):
    from weather_tabletop.ui.scenes import table

    opened = []
    real = table.open_replay

    def spy(app, path):
        opened.append(path)
        result = real(app, path)
        assert app.top.session.replay is not None and app.top.session.position == \
            app.top.session.replay.last
        return result

    monkeypatch.setenv("WEATHER_TABLETOP_HOME", str(tmp_path))
    monkeypatch.setenv(cli.FIRST_FRAME_EXIT, "1")
    monkeypatch.setattr(table, "open_replay", spy)
    assert cli.main(["--size", "1280x720", "open", str(DEMO)]) == 0
    assert opened == [DEMO]


def test_open_of_something_that_is_not_a_file_is_a_usage_error(capsys, tmp_path):
    assert cli.main(["open", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "is not a file that can be opened" in err and "Traceback" not in err


def test_a_save_path_alone_opens_it_as_double_clicking_does(monkeypatch, tmp_path):
    from weather_tabletop.ui.scenes import table

    opened = []
    monkeypatch.setenv("WEATHER_TABLETOP_HOME", str(tmp_path))
    monkeypatch.setenv(cli.FIRST_FRAME_EXIT, "1")
    monkeypatch.setattr(table, "open_replay", lambda app, path: opened.append(path))
    assert cli.main([str(DEMO)]) == 0
    assert opened == [DEMO]
