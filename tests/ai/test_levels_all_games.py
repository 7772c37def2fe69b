"""Every game's computer levels (issue 7): a move chosen from the seat's view is legal in the
real state and its log line is one sentence, the same whether read from the state or the view
(``hard`` on an iteration budget against ``easy``, two players)."""

from __future__ import annotations

import pytest

from tests.support.play import config
from weather_tabletop import games
from weather_tabletop.ai import make_player
from weather_tabletop.engine.match import Match
from weather_tabletop.i18n import tr

#: game, seed, hard's iterations per move, commands played
CASES = [("meteo", 9, 8, 120), ("machines-to-the-sky", 6, 6, 90), ("weather-machine", 9, 4, 90)]


@pytest.mark.parametrize("game_id,seed,iterations,commands", CASES)
def test_computer_moves_are_legal_and_read_as_one_line(game_id, seed, iterations, commands):
    game = games.get(game_id)
    s = Match.start(game, config(game, 2, seed)).state
    players = [make_player("hard", 1, game, iterations=iterations), make_player("easy", 2, game)]
    for _ in range(commands):
        if game.is_over(s):
            break
        seat = game.to_act(s)[0]
        view = game.view(s, seat)
        cmd = players[seat].choose(game, view, seat)
        assert cmd in game.legal_commands(s, seat)
        line = tr(game.describe_command(s, cmd))  # a message, rendered as the log shows it
        assert line and "\n" not in line and type(cmd).__name__ not in line
        assert tr(game.describe_command(view, cmd)) == line  # what the seat saw says the same
        for e in game.decide(s, cmd):
            s = game.apply(s, e)
