"""Award tokens at any time during your turn (issue 15 item 8).

"Also, at any time during your turn, if you have any Award tokens on the space to the top-left
of your Office, you may place them on any empty spaces of your Office, gaining the benefit
depicted on the spaces, if any." (Phase A: Player Turns) and "Remember, you may place any Award
tokens at any point during your turn (including now), or save them to place on a future turn."
(4. Place Research Tokens). So also in the middle of an action: a payment, the choice of a
Breakthrough space, a bonus action. The interrupted step then goes on where it was, its options
worked out from what the Award gave."""

from __future__ import annotations

from dataclasses import replace

from tests.wm.helpers import at_step, run, with_player
from tests.wm.test_rules import base, breakthrough_ready, legal, reason
from weather_tabletop.games.weather_machine.bots import NormalPlayer, choices
from weather_tabletop.games.weather_machine.commands import *  # noqa: F403
from weather_tabletop.games.weather_machine.data import load
from weather_tabletop.games.weather_machine.rules import GAME
from weather_tabletop.games.weather_machine.state import Payment, ScientistMove

D = load()
SUP, GOV, LAB, RND = 1, 2, 3, 4
SCI = 4
# Office spaces (row, column) and their benefits in this edition's data
SCIENCE_SPACE, PART_SPACE, ANY_VOUCHER_SPACE, CP_SPACE = (0, 1), (1, 2), (3, 1), (4, 2)


def holding_award(s, seat=0, n=1):
    return with_player(s, seat, pending_awards=n, awards=n)


def award(seat, space):
    return PlaceToken(seat, "A", *space)


def test_an_award_in_the_middle_of_a_payment_pays_and_the_payment_goes_on():
    """The Award's Science Voucher arrives while Secure Subsidy's 2 Government Vouchers are being
    paid; the payment is still the step on top, owing the same, and may now use it: "Science
    Vouchers may be spent as if they were any other type of Voucher"."""
    s = with_player(holding_award(base()), 0, location=GOV, space=1, vouchers=(0, 1, 0, 0, 1))
    s = at_step(s, ("actions", 0, GOV, 1, 0))
    secure = next(c for c in legal(s) if isinstance(c, SecureSubsidy))
    s = run(s, secure)
    paying = s.stack[-1]
    assert (paying.kind, paying.seat, paying.vtype, paying.n) == ("pay", 0, 1, 2)
    assert award(0, SCIENCE_SPACE) in legal(s)
    s = run(s, award(0, SCIENCE_SPACE))
    assert s.stack[-1] == paying  # the interrupted payment, where it was
    assert s.pl[0].office[0][1] == "A" and s.pl[0].vouchers == (0, 1, 0, 0, 2)
    s = run(s, PayVoucher(0, SCI), PayVoucher(0, SCI))  # the Award's Science pays
    assert s.pl[0].vouchers[1] == 1  # the Government Voucher is kept
    col, row = secure.column, secure.row
    assert s.gov_grid[col][row].endswith("-")  # Secure Subsidy went on: the tile is flipped


def test_an_award_changes_the_options_of_the_payment_it_interrupts():
    """"Science Exchange: Whenever you need to pay a Voucher, and you do not have one of the
    required type (or a Science Voucher), you may pay any 3 other Vouchers instead": once the
    Award has given a Science Voucher the exchange is no longer offered, and the Science pays
    (the only way left, so it is paid at once); the next Voucher owed offers the exchange
    again."""
    s = with_player(holding_award(base()), 0, location=GOV, space=1, vouchers=(4, 0, 2, 0, 0))
    s = at_step(s, ("pay", 0, 1, 2, ()), ("actions", 0, GOV, 1, 0))
    assert all(isinstance(c, ScienceExchange) for c in legal(s) if not isinstance(c, PlaceToken))
    s = run(s, award(0, SCIENCE_SPACE))
    assert s.pl[0].vouchers == (4, 0, 2, 0, 0)  # the Science Voucher paid the first of two
    assert s.stack[-1] == Payment(0, 1, 1, ())
    assert any(isinstance(c, ScienceExchange) for c in legal(s))


def test_an_award_while_choosing_a_breakthrough_space():
    """Breakthrough step 2: "move the Breakthrough marker from that row to any empty space on the
    Extreme Weather tile". The Award's benefit (a Machine Part, itself a choice) is taken in
    between; then the same choice of space is asked, and the prototype is built."""
    s = at_step(holding_award(breakthrough_ready(base())), ("actions", 0, RND, 0, 0))
    s = run(s, Breakthrough(0, 0))
    choosing = s.stack[-1]
    assert choosing.kind == "bt_space" and award(0, PART_SPACE) in legal(s)
    spaces = [c for c in legal(s) if isinstance(c, PlaceBreakthrough)]
    s = run(s, award(0, PART_SPACE))
    assert s.stack[-1].kind == "take_part"  # the Award's benefit asks first
    s = run(s, TakePart(0, 2))
    assert s.stack[-1] == choosing
    assert [c for c in legal(s) if isinstance(c, PlaceBreakthrough)] == spaces
    s = run(s, spaces[0])
    assert s.stack[-1].kind == "prototype"
    s = run(s, next(c for c in legal(s) if isinstance(c, BuildPrototype)))
    assert s.pl[0].awards == 2 and s.pl[0].pending_awards == 1  # the new Award waits


def test_an_award_during_a_bonus_action():
    """A Subsidy's free "Perform the 'Work on Experiment' action" is being chosen when the Award
    is placed; its benefit (a Voucher of any type) is chosen, then the bonus action is offered
    again as it was."""
    s = with_player(holding_award(base()), 0, ws_bots=1)
    s = at_step(s, ("benefit_action", 0, "work_experiment"), ("move", 0))
    bonus = s.stack[-1]
    before = [c for c in legal(s) if not isinstance(c, PlaceToken)]
    s = run(s, award(0, ANY_VOUCHER_SPACE))
    assert s.stack[-1].kind == "gain_any"
    s = run(s, GainVoucher(0, 2))
    assert s.stack[-1] == bonus
    assert [c for c in legal(s) if not isinstance(c, PlaceToken)] == before
    work = next(c for c in before if isinstance(c, WorkOnExperiment))
    s = run(s, work)
    assert s.lab[work.branch][work.space] == 0 and s.stack[-1] == ScientistMove(0)


def test_an_award_that_brings_the_missing_part_spares_the_exchange():
    """Sell a Part without a Part of the space's colour needs a Machine Parts Exchange
    ("Whenever you need to pay a Machine Part, and you do not have one of the required type, you
    may pay any 2 Vouchers to exchange"); an Award placed during the payment that gives that
    Part: the Part is paid, no exchange and no Vouchers for it."""
    s = with_player(holding_award(base()), 0, location=GOV, space=1, ws_bots=1,
                    parts=(0, 1, 0, 0, 0), vouchers=(2, 1, 0, 0, 1), tiles=((1, 1, 0, False),))
    s = at_step(s, ("actions", 0, GOV, 1, 0))
    sell = next(c for c in legal(s) if isinstance(c, SellPart) and c.column == 0 and c.row == 2)
    s = run(s, sell)
    assert s.stack[-1].kind == "pay"
    s = run(s, award(0, PART_SPACE), TakePart(0, 2))  # the colour of that Bot space
    s = run(s, PayVoucher(0, 1))
    while s.stack[-1].kind == "take_subsidy":
        s = run(s, legal(s)[0])
    assert s.gov_bots[0][2] == 0
    assert s.pl[0].vouchers[0] == 2  # no exchange was paid


def test_an_award_that_completes_the_row_being_cited_leaves_the_goal_tile():
    """"Immediately before publishing, if you have 2 tokens in a row ... you can cite": an Award
    placed during Publish a Paper's payment in the row's empty space completes it, so nothing is
    cited and the Goal tile stays below the Laboratory."""
    s = holding_award(base())
    office = list(s.pl[0].office)
    office[0] = ("G:2", "G:2", "")
    s = with_player(s, 0, office=tuple(office), vouchers=(0, 0, 2, 0, 1), location=LAB, space=0)
    locks = list(s.locks)
    locks[2] = False
    s = replace(s, locks=tuple(locks))
    s = at_step(s, ("actions", 0, LAB, 0, 0))
    cite = next(c for c in legal(s) if isinstance(c, PublishPaper) and c.cite_goal >= 0)
    s = run(s, cite)
    s = run(s, award(0, (0, 2)))
    while s.stack[-1].kind == "pay":
        s = run(s, next(c for c in legal(s) if isinstance(c, PayVoucher)))
    p = s.pl[0]
    assert p.office[0] == ("G:2", "G:2", "A") and p.citations == 0 and cite.cite_goal in p.goals_hand
    assert p.papers == 1 and p.cp >= 2 + 2 + 4


def test_no_award_during_another_players_turn():
    """"at any time during your turn": not in another player's turn, with the rule named."""
    s = holding_award(base())
    s = at_step(with_player(s, 1, location=GOV, space=1), ("actions", 1, GOV, 1, 0))
    assert legal(s, 0) == []
    why = reason(s, award(0, CP_SPACE))
    assert "at any time during your own turn" in why and "Phase A: Player Turns" in why


def test_no_award_during_phase_b_or_phase_c():
    """Phase B's experiment and Phase C's income are nobody's turn."""
    s = holding_award(base())
    s = at_step(s, ("exp_keep", 0, 0), phase="B")
    assert not any(isinstance(c, PlaceToken) for c in legal(s))
    assert "not during Phase B" in reason(s, award(0, CP_SPACE))
    s = at_step(holding_award(base()), ("gain_any", 0), ("fx", 1, "income"), phase="C")
    assert "not during Phase C" in reason(s, award(0, CP_SPACE))


def test_awards_just_before_final_scoring_also_within_an_investment():
    """"Just before final scoring, all players, in turn order, may place any Research tokens
    and/or Award tokens they have ... Players may also use their Investment tiles"."""
    s = at_step(holding_award(base()), ("final_place", 0), phase="final")
    assert award(0, CP_SPACE) in legal(s)
    s = at_step(holding_award(base()), ("lab_fund", 0, 1), ("final_place", 0), phase="final")
    assert award(0, CP_SPACE) in legal(s)


def test_computer_players_weigh_awards_only_at_the_free_moments_of_their_turn():
    """The rules offer an Award at every decision of the turn; a computer player leaves those in
    the middle of an action aside (they would multiply what it judges) and still plays."""
    s = with_player(holding_award(base()), 0, location=GOV, space=1, vouchers=(0, 1, 0, 0, 1))
    s = at_step(s, ("pay", 0, 1, 2, ()), ("actions", 0, GOV, 1, 0))
    assert any(isinstance(c, PlaceToken) for c in legal(s))
    assert not any(isinstance(c, PlaceToken) for c in choices(GAME, s, 0))
    assert isinstance(NormalPlayer(1).choose(GAME, GAME.view(s, 0), 0), PayVoucher)
    s = at_step(holding_award(base()), ("tokens", 0))
    assert any(isinstance(c, PlaceToken) for c in choices(GAME, s, 0))


def test_awards_placed_in_the_middle_of_actions_keep_every_invariant():
    """Games in which each seat holds Award tokens from the start and places one at a random
    decision inside an action about a third of the time (payments, choices, bonus actions):
    every command is accepted, every component is conserved, and each game ends."""
    from tests.wm.helpers import conservation
    from tests.wm.test_deep import D as DATA
    from tests.wm.test_deep import rich
    from weather_tabletop.engine.chance import Rng
    from weather_tabletop.games.weather_machine.bots import PriorityPlayer
    from weather_tabletop.games.weather_machine.rules import FREE_MOMENTS, is_award

    interrupted = 0
    for seed in range(1, 13):
        s = rich(seed)
        s = replace(s, pl=tuple(replace(p, pending_awards=3, awards=3) for p in s.pl),
                    awards_left=3, nobel_left=False)
        bots = [PriorityPlayer(seed * 7 + i) for i in range(3)]
        rng = Rng(seed, 5)
        while not GAME.is_over(s):
            seat = GAME.to_act(s)[0]
            if s.stack[-1].kind == "move":
                s = with_player(s, seat, vouchers=DATA.voucher_limit)
            legal = GAME.legal_commands(s, seat)
            inside = [c for c in legal if is_award(c)] if not isinstance(s.stack[-1], FREE_MOMENTS) else []
            if inside and rng.below(3) == 0:
                cmd = rng.choice(inside)
                interrupted += 1
            else:
                cmd = bots[seat].choose(GAME, GAME.view(s, seat), seat)
                if is_award(cmd) and rng.below(4):  # keep Awards for later, mostly
                    cmd = rng.choice([c for c in legal if not is_award(c)] or [cmd])
            s = run(s, cmd)
            assert conservation(s) == []
    assert interrupted >= 30


def test_an_award_that_takes_the_space_of_the_chemical_being_bought():
    """"If you do not have space for something, you cannot gain it": the Award's Chemical, taken
    while Acquire a Chemical is being paid, fills the only Chemical space; the Chemical paid for
    cannot be gained, and the Vouchers stay paid."""
    s = with_player(holding_award(base()), 0, location=SUP, space=0, tiles=(),
                    vouchers=(1, 0, 0, 0, 1), chemicals=(0,) * 5)
    s = at_step(s, ("actions", 0, SUP, 0, 0))
    s = run(s, AcquireChemical(0, 0))
    assert s.stack[-1].kind == "pay"
    s = run(s, award(0, (2, 0)), TakeChemical(0, 1))  # the Office space giving a Chemical
    s = run(s, PayVoucher(0, 0))
    p = s.pl[0]
    assert p.chemicals == (0, 1, 0, 0, 0) and p.vouchers == (0, 0, 0, 0, 1)
    assert s.stack[-1].kind == "actions" and s.stack[-1].seat == 0


def test_an_award_that_brings_the_chemical_spares_the_chemicals_exchange():
    """Research needs a Chemical the player lacks: the Chemicals Exchange is asked; an Award
    placed then gives that Chemical, and it is paid instead of exchanging."""
    s = with_player(holding_award(base()), 0, location=RND, space=0, ws_bots=1,
                    vouchers=(2, 0, 0, 1, 0), chemicals=(0, 0, 0, 1, 1),
                    tiles=((1, 1, 7, False), (0, 1, 22, True), (2, 1, 18, False)))  # room for Verdino
    taken = (False,) + (True,) * 4  # the two Chemicals came from the Supply
    s = replace(s, chem_supply=s.chem_supply[:3] + (taken, taken))
    s = at_step(s, ("actions", 0, RND, 0, 0))
    research = next(c for c in legal(s) if isinstance(c, Research) and c.space > 0
                    and D.rnd_chemical[c.branch][c.space] == 0)
    s = run(s, research)
    need = s.stack[-1]
    assert need.kind == "xchem"
    s = run(s, award(0, (2, 0)), TakeChemical(0, need.weather))
    assert s.rnd_chem[research.branch][research.space] == need.weather
    assert s.pl[0].vouchers[0] == 2 and s.pl[0].chemicals == (0, 0, 0, 1, 1)
