"""Issue 17 for Weather Machine's events: play is recorded as events named for what happened
(no ``Set``/``Logged``/``Revealed``), each applied by one function, and every log line comes from
the catalogue (``locale/en/events.json``). Every event kind, met in finished games or built here
for the rare ones, renders with no missing key and no unfilled ``{field}``; saves hold no prose;
saves recorded before the events were named are refused saying so."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from tests.support.catalogue import assert_well_formed, finished_games, rendered
from tests.wm.helpers import fresh
from weather_tabletop import i18n
from weather_tabletop.engine.codec import encode
from weather_tabletop.engine.protocol import GameConfig, SeatConfig
from weather_tabletop.engine.storage import LoadError, SavedGame
from weather_tabletop.games.weather_machine import bots
from weather_tabletop.games.weather_machine import events as E
from weather_tabletop.games.weather_machine.commands import Done
from weather_tabletop.games.weather_machine.context import APPLY
from weather_tabletop.games.weather_machine.event_words import LINES, trigger_words
from weather_tabletop.games.weather_machine.rules import GAME, SETUP
from weather_tabletop.games.weather_machine.state import Trigger
from weather_tabletop.i18n import tr

PACKAGE = Path(__file__).resolve().parents[2] / "weather_tabletop" / "games" / "weather_machine"
CATALOGUE = json.loads((PACKAGE / "locale" / "en" / "events.json").read_text(encoding="utf-8"))
OLDER_SAVE = Path(__file__).resolve().parent / "saves" / "before-domain-events.wtsave"

#: the events a player does not need to read: the pending steps, and what the command's own
#: line already says (a payment, a move, a Bot placed) or what other lines say (the setup's
#: face-down stacks)
SILENT = {E.StepsChanged, E.PostSetupBegan, E.SubsidiesDealt, E.ExperimentDeckDealt,
          E.WorkshopStacksDealt, E.GoalTilesDrafted, E.GameEnded, E.VoucherChosen, E.VouchersPaid,
          E.ChemicalTaken, E.ChemicalReturned, E.PartGained, E.PartPaid, E.PartsExchanged,
          E.SubsidyUsed, E.GoalSet, E.FundingReceived, E.ResearchTokenPlaced, E.AwardTokenPlaced,
          E.ScientistMoved, E.InitiativeTaken, E.FaceUpStackEmptied, E.WorkshopTilePlaced,
          E.BotBuilt, E.BotReturnedToLine, E.PartSold, E.SubsidySecured, E.ExperimentWorkedOn,
          E.ExperimentDisplayShifted, E.ResearchBotPlaced, E.SupplyChemicalUsed,
          E.BreakthroughMarkerPlaced, E.BreakthroughMade, E.PrototypeBuilt}
#: silent unless a field says otherwise (a Subsidy tile kept, a Chemical paid as usual, the end
#: already triggered, a set of Goal tiles not dealt in the Drafting Variant)
SOMETIMES_SILENT = {E.SubsidyTaken, E.ResearchChemicalPaid, E.GameEndTriggered, E.GoalTilesDealt}
PLAY_KINDS = set(E.EVENTS) - set(E.OLDER_EVENTS)


def _config(players: int, **options: bool) -> GameConfig:
    names = ("Ada", "Ben", "Cleo", "Dev")
    return GameConfig(GAME.id, tuple(SeatConfig(names[i], "red") for i in range(players)),
                      tuple(sorted(options.items())), 0)


def _greedy(game, view, seat, rng):
    return bots.NormalPlayer(seat).choose(game, view, seat)


@pytest.fixture(scope="module")
def played():
    """Finished games: random players at 2, 3 and 4 seats with each option, and the normal
    computer player (which publishes papers and builds prototypes more often)."""
    i18n.set_language("en")
    cases = [(_config(2), 11, None), (_config(3, drafting=True), 12, None),
             (_config(4), 13, None), (_config(2, new_scientists=True), 14, None),
             (_config(3), 15, _greedy), (_config(2), 16, _greedy)]
    return list(finished_games(GAME, cases))


def _line(state, event) -> str:
    said = GAME.describe_event(state, event)
    if said == "":
        assert event.__class__ in SILENT | SOMETIMES_SILENT, f"{event!r} has no line"
        return ""
    assert event.__class__ not in SILENT, event
    return rendered(said)


def test_every_event_of_finished_games_renders_from_the_catalogue(played):
    met = set()
    for match, _ in played:
        state = GAME.initial_state(match.config)
        for group in match.active:
            for event in group.events:
                assert event.__class__ in PLAY_KINDS, event
                text = _line(state, event)
                assert "=" not in text and "(" not in text, text
                met.add(event.__class__)
                state = GAME.apply(state, event)
    # the kinds every game meets, and most of the others
    assert {E.ScientistMoved, E.VouchersGained, E.CPScored, E.PaperPublished, E.FinalScored,
            E.RoundBegan, E.ExperimentRan, E.LativMoved, E.GameEndTriggered} <= met
    assert len(met) >= 0.75 * len(PLAY_KINDS), sorted(k.__name__ for k in PLAY_KINDS - met)


def _sample(cls):
    """An event of ``cls`` with plausible fields (by field name)."""
    values = {"seat": 1, "weather": 2, "branch": 3, "column": 1, "row": 1, "col": 2, "space": 1,
              "tile": 4, "slot": 2, "colour": 3, "vtype": 1, "n": 2, "lost": 1, "cp": 6,
              "bots": 2, "parts": 1, "each": 3, "builder": 0, "track": 1, "token": "G:2",
              "at_once": True, "goal": 3, "location": 2, "total": 40, "rank": 1, "home": 1,
              "line": 1, "give": 0, "get": 1, "source": 2, "kept": False, "late": True,
              "no_tile": True, "round": 3, "final": True, "runs": True, "last_round": 4,
              "reason": "wm.trigger.nobel", "drafting": True, "symbol": "A",
              "order": (2, 0, 1), "tiles": (1, 2, 3), "steps": (), "goals": (9, 10),
              "vouchers": (1, 0, 0, 0, 1), "gained": (1, 0, 2, 0, 0), "types": (1, 4),
              "display": (-1, 5, 6), "deck": (7, 8), "stack": (11, 12), "face_up": (1,),
              "face_down": (2,), "values": (30, 2, 0, 3, 1, 5, 0), "command": Done(1), "flipped": True,
              "key": "wm.event.final_experiment_runs", "params": (("weather", 1), ("tile", 6))}
    fields = [f.name for f in dataclasses.fields(cls)]
    args = {}
    for name in fields:
        if name == "colour" and "symbol" in fields:
            args[name] = "R"
        elif name == "parts" and cls is E.PrototypeBuilt:
            args[name] = (1, 0, 1, 0, 0)
        elif name == "lost" and cls is E.IncomeGained:
            args[name] = (0, 0, 1, 0, 0)
        else:
            args[name] = values[name]
    return cls(**args)


@pytest.mark.parametrize("cls", sorted(PLAY_KINDS, key=lambda c: c.__name__),
                         ids=lambda c: c.__name__)
def test_every_event_kind_renders_and_applies(cls):
    """Each kind, met in play or not: its line from the catalogue (or none), its own function
    in the rules, and only ids and numbers in its fields (the save holds no prose)."""
    i18n.set_language("en")
    state = fresh(3)
    e = _sample(cls)
    text = _line(state, e)
    if cls not in SILENT | SOMETIMES_SILENT:
        assert text
    assert cls in APPLY or cls in SETUP or cls is E.StepsChanged
    words = re.compile(r"[A-Za-z]+ [a-z]+")
    for value in json.dumps(encode(e)).split('"'):
        assert not words.search(value), value


def test_each_line_keeps_its_english_words():
    """A few lines as players have read them since before issue 17 (the text digest holds
    them all)."""
    i18n.set_language("en")
    s = fresh(3)
    names = s.names
    assert tr(GAME.describe_event(s, E.VouchersGained(0, 1, 2, 1))) == \
        f"{names[0]} gains 2 Government Vouchers; 1 more does not fit on the track."
    assert tr(GAME.describe_event(s, E.VouchersGained(0, 1, 1, 2))) == \
        f"{names[0]} gains 1 Government Voucher; 2 more do not fit on the track."
    assert tr(GAME.describe_event(s, E.PrototypeCPScored(1, 6, 2, 1, 2))).endswith(
        "prototype: 1 own Bot in the branch and 2 Machine Parts provided.")
    assert tr(GAME.describe_event(s, E.LativBotsReturned(1, 1))).startswith("Lativ's Bot in the")
    assert tr(GAME.describe_event(s, E.LativBotsReturned(1, 2))).startswith("Lativ's 2 Bots in")
    assert tr(GAME.describe_event(s, E.TurnOrderDrawn((2, 0, 1)))) == \
        f"Setup: the turn order is {names[2]}, {names[0]}, {names[1]}."
    line = tr(GAME.describe_event(s, E.FinalScored(0, 41, 2, (30, 0, 3, 0, 3, 5, 0))))
    assert line == (f"Final scoring: {names[0]} has 41 CP: Climate Points 30, Government funding 3, "
                    "R&D funding 3, Goals 5; place 2.")
    assert tr(GAME.describe_event(s, E.ExperimentTileRemoved(4)))[0].isupper()
    assert tr(trigger_words(s, Trigger("wm.trigger.nobel", 1))) == f"{names[1]} takes the Nobel Prize"


def test_the_catalogue_is_well_formed_and_every_key_is_used():
    assert_well_formed(CATALOGUE)
    source = "".join(p.read_text(encoding="utf-8") for p in PACKAGE.glob("*.py"))
    for key in CATALOGUE:
        stem = key.rsplit(".", 1)[0] + "." if key.count(".") > 2 else key
        assert key in source or stem in source, f"unused key {key}"


def test_the_events_have_lines():
    assert set(LINES) == PLAY_KINDS


@pytest.mark.parametrize("how", ["replay", "open"])
def test_a_save_holding_set_and_logged_is_refused_saying_so(how) -> None:
    """A save recorded after the setup got its events but before play did (its setup ends
    with ``Set`` events, its moves are ``Set`` and ``Logged``): "saved by an older version"."""
    before = OLDER_SAVE.read_bytes()
    assert b'"t":"Set"' in before and b'"t":"Logged"' in before
    with pytest.raises(LoadError, match="saved by an older version of Weather Tabletop"):
        getattr(SavedGame, how)(OLDER_SAVE)
    assert OLDER_SAVE.read_bytes() == before


def test_the_demo_save_holds_named_events_and_no_prose() -> None:
    save = Path(__file__).resolve().parents[2] / "saves" / "weather-machine-demo-3p.wtsave"
    text = save.read_text(encoding="utf-8")
    for older in ("Set", "Logged", "Revealed", "Dealt"):
        assert f'"t":"{older}"' not in text
    for line in text.splitlines()[1:]:
        body = json.loads(line)
        for group in [body] + body.get("groups", []) + body.get("undone", []):
            for event in group.get("events", []):
                assert not isinstance(event.get("text"), str)
                assert isinstance(event, dict) and event["t"] in {c.__name__ for c in PLAY_KINDS}


def test_a_tile_turned_up_makes_its_command_impossible_to_undo(played):
    """A Workshop tile or an Experiment tile turned up from its stack shows what was hidden: the
    group is an undo barrier, and the table names the tile in its reason."""
    kinds = set()
    for match, _ in played:
        for group in match.active:
            turned = [e for e in group.events
                      if isinstance(e, (E.WorkshopTileTurnedUp, E.ExperimentTileTurnedUp))]
            if turned and group.kind == "command":
                assert group.barrier is turned[0]
                kinds.add(type(turned[0]))
            elif group.kind == "command":
                assert group.barrier is None
    assert kinds == {E.WorkshopTileTurnedUp, E.ExperimentTileTurnedUp}
