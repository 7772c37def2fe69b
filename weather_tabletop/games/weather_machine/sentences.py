"""The words of Weather Machine's rules: step titles, the reasons for refused commands and the
descriptions of commands (the events' words are in ``event_words``)."""

from __future__ import annotations

from typing import Any

from weather_tabletop.engine.protocol import Command

from . import board as B
from . import words as T
from .board import ANY, D, W
from .commands import (AcquireChemical, AdvanceFunding, Breakthrough, BuildPrototype,
                       ChemicalsExchange, ChooseBenefit, Confirm, ConstructBot, Done, DraftGoals,
                       ExtendWorkshop, GainVoucher, MoveScientist, PartsExchange, PayExtra,
                       PayVoucher, PlaceBreakthrough, PlaceTile, PlaceToken, PublishPaper,
                       ReceiveFunding, Research, ReturnBotToLine, ReturnChemical, ReturnPart,
                       ScienceExchange, SecureSubsidy, SellPart, SetGoal, TakeChemical,
                       TakeInitiative, TakePart, TakeSubsidy, UseSubsidy, WorkOnExperiment)
from .data import COLOUR_TRACK, GOVERNMENT, LAB, RND, SUPPLY, V_SCI, V_SUPPLY
from .state import (Decision, EMPTY, Effect, GOVERNMENT_MARKER, LATIV, LocationActions, Payment,
                    Step, WMState)
from .context import name_of
from .options import (AWARD_RULE, FREE_MOMENTS, LOCATION_ACTIONS, command_action, in_own_turn,
                      move_gains, prototype_need)


STEP_TITLES = {
    "draft": "drafts Goal tiles", "supply_turn": "takes Supply actions",
    "turn_sub": "may use a Subsidy or Investment tile", "move": "moves the Scientist",
    "actions": "performs actions", "tokens": "places Research tokens",
    "final_place": "places last tokens before final scoring", "place_now": "places a Research token",
    "pay": "pays Vouchers", "gain_any": "gains a Voucher of any type",
    "take_chem": "acquires a Chemical", "take_part": "takes a Machine Part",
    "funding_any": "advances on a Funding track", "bot": "constructs a Bot",
    "tile_choice": "takes a Workshop tile", "tile_place": "places a Workshop tile",
    "benefit_action": "may perform a bonus action", "take_subsidy": "takes a Subsidy tile",
    "xpart": "makes a Machine Parts Exchange", "xpart_proto": "makes a Machine Parts Exchange",
    "xchem": "makes a Chemicals Exchange", "extra": "pays a Chemical or Machine Part",
    "bt_space": "places a Breakthrough marker", "prototype": "builds a prototype",
    "return_extra": "returns Machine Parts from the prototype row",
    "lock_pay": "may pay 1 Science for 3 CP", "exp_pay": "may pay Science for the experiment",
    "exp_keep": "may take Bots back from the branch", "exp_benefit": "chooses an experiment benefit",
    "lab_fund": "chooses a Funding track", "rnd_fund": "chooses an R&D funding benefit",
    "to_line": "returns a Bot to the Assembly Line",
}


RULE_OF_STEP = {
    "draft": "Drafting Variant", "supply_turn": "Post-Setup Supply Round",
    "turn_sub": "Phase A step 1, Use a Subsidy Tile or Investment Tile",
    "move": "Move the Scientist", "actions": "Perform Actions", "tokens": "Place Research Tokens",
    "final_place": "Final Scoring", "pay": "Vouchers", "place_now": "Phase B step 5",
}


def step_title(s: WMState, step: Step | None) -> str:
    if step is None:
        return ""
    return STEP_TITLES.get(step.kind, step.kind)


def explain(s: WMState, step: Decision, cmd: Command, legal: list[Command]) -> str:
    """The reason a command is refused, naming the rule."""
    kind = step.kind
    p = s.pl[step.seat]
    rule = RULE_OF_STEP.get(kind, STEP_TITLES.get(kind, kind).capitalize())
    if isinstance(cmd, PlaceToken):
        if cmd.token == "A":
            if p.pending_awards < 1:
                return "Award tokens: you have no Award token next to your Office."
            if not isinstance(step, FREE_MOMENTS) and not in_own_turn(s, step.seat):
                when = {"B": "Phase B, the experiment", "final": "the final round's experiments",
                        "C": "Phase C, the end of the round"}.get(s.phase, "outside a turn")
                return f"{AWARD_RULE}, not during {when}."
            return "Award tokens: place an Award token on an empty space of your Office."
        if cmd.token not in p.pending_tokens:
            return "Place Research Tokens: you do not have that Research token to place."
        return ("Place Research Tokens: a token goes on an empty space of its colour, in a row with "
                "Research tokens of one type of weather only.")
    if isinstance(cmd, DraftGoals):
        if kind != "draft":
            return "Drafting Variant: Goal tiles are only drafted before the game begins."
        mine = {D.goals[g].colour for g in p.goals_hand}
        if cmd.colour in mine:
            return ("Drafting Variant: each set you choose must be a different colour from your "
                    "earlier sets.")
        return "Drafting Variant: choose one of the sets of 3 Goal tiles still available."
    if isinstance(cmd, MoveScientist):
        if kind != "move":
            return f"{rule}: you are not moving your Scientist now."
        if cmd.location == p.location:
            return "Move the Scientist: you must move to a different location."
        if cmd.location not in (SUPPLY, GOVERNMENT, LAB, RND) or not 0 <= cmd.space < B.spaces_of(cmd.location):
            return "Move the Scientist: choose an action space of Supply, Government, the Lab or R&D."
        if B.occupant(s, cmd.location, cmd.space) != EMPTY:
            return "Move the Scientist: choose an empty action space."
        if s.round == 1 and cmd.location != SUPPLY:
            return ("Move the Scientist: in Round 1 take the middle space of a Location, the rightmost "
                    "only if the middle is occupied, never the leftmost.")
        return "Move the Scientist: in Supply you must pay 1 Voucher per Scientist to your left."
    if isinstance(cmd, Done):
        if kind == "tokens":
            return "Place Research Tokens: you must place your Research tokens before the turn ends."
        return f"{rule}: you must choose one of the options."
    if isinstance(cmd, (SellPart, SecureSubsidy, WorkOnExperiment, PublishPaper, Research, Breakthrough)):
        name = {SellPart: "Sell a Part", SecureSubsidy: "Secure Subsidy", WorkOnExperiment: "Work on Experiment",
                PublishPaper: "Publish a Paper", Research: "Research", Breakthrough: "Breakthrough"}[type(cmd)]
        if kind == "actions" and step.location != SUPPLY:
            if command_action(cmd) not in LOCATION_ACTIONS[step.location]:
                return f"{name}: this action is performed in another Location."
            i = LOCATION_ACTIONS[step.location].index(command_action(cmd))
            if step.used & (1 << i):
                return f"{name}: each action may only be performed once per turn."
            if step.used:
                return f"{name}: this action space (/) allows only 1 of the actions."
        elif kind != "benefit_action":
            return f"{name}: you are not at that Location's action step now ({rule})."
        return f"{name}: you cannot pay its cost or meet its conditions for that choice."
    if isinstance(cmd, (ExtendWorkshop, ConstructBot, AcquireChemical, ReturnChemical, TakeInitiative)):
        if kind not in ("actions", "supply_turn", "bot", "tile_choice") or (kind == "actions" and step.location != SUPPLY):
            return "Location 1: Supply: Supply actions are performed at the Supply."
        if isinstance(cmd, ConstructBot) and not B.can_gain_bot(p) or (
                isinstance(cmd, AcquireChemical) and 0 <= cmd.weather < W and not B.can_gain_chem(p, cmd.weather)):
            return "Your Workshop: if you do not have space for something, you cannot gain it."
        return "Location 1: Supply: you cannot pay the cost, or that choice is not available."
    if isinstance(cmd, (PayVoucher, ScienceExchange)):
        if kind != "pay":
            return "Vouchers: there is nothing to pay now."
        return ("Vouchers: you can never pay what you do not have; Science pays for any type; the "
                "Science Exchange is only allowed without the required type or Science.")
    if isinstance(cmd, PlaceTile):
        return ("Placing Workshop Tiles: orthogonally adjacent, within the 3 rows, touching "
                "half-circles of the same colour.")
    if isinstance(cmd, PlaceBreakthrough) and kind == "bt_space":
        spaces = s.ew_bt[step.weather]
        held = spaces[cmd.space] if 0 <= cmd.space < len(spaces) else EMPTY
        by = {GOVERNMENT_MARKER: "a Government marker"}.get(held, f"{name_of(s, held)}'s Breakthrough marker")
        return ("Breakthrough: move the Breakthrough marker to any empty space on the Extreme "
                "Weather tile" + (f"; {by} is on that space." if held != EMPTY else "."))
    return f"{rule}: that is not a legal choice now."


PAY_PURPOSE = {
    "take_tile": "to Extend the Workshop", "construct": "to construct the Bot",
    "acquire": "for the Chemical", "initiative": "to Take the Initiative",
    "sell": "for Sell a Part", "secure": "for Secure Subsidy", "work": "for Work on Experiment",
    "publish": "for Publish a Paper", "research": "for Research", "breakthrough": "for the Breakthrough",
    "cp": "for 3 CP", "exp_reward": "for the experiment", "move_lativ": "for the Scientists to the left in Supply",
}


def step_of(s: WMState, seat: int) -> Step | None:
    """The step a command of ``seat`` answers (the top of the stack), or None if it is not
    theirs."""
    if s.stack and s.stack[-1].seat == seat:
        return s.stack[-1]
    return None


def pay_purpose(s: WMState, step: Step | None) -> str:
    """What a Voucher payment step pays for: the automatic step of the same seat below it."""
    if not isinstance(step, Payment):
        return ""
    for k in range(len(s.stack) - 2, -1, -1):
        below = s.stack[k]
        if isinstance(below, Payment) and below.seat == step.seat:
            continue
        if isinstance(below, Effect) and below.name in PAY_PURPOSE:
            return PAY_PURPOSE[below.name]
        if isinstance(below, LocationActions) and below.location == SUPPLY and step.vtype == ANY:
            return PAY_PURPOSE["move_lativ"]
        break
    return "for the Executive Exchange" if step.vtype == ANY else ""


def describe(s: WMState, cmd: Command) -> str:
    """One sentence in the rulebook's words for the action list and the log (no "=", no
    parentheses, no class names; names the seat)."""
    who = name_of(s, cmd.seat)
    step: Any = step_of(s, cmd.seat)
    kind = step.kind if step is not None else ""
    p = s.pl[cmd.seat] if 0 <= cmd.seat < len(s.pl) else None
    free = kind in ("benefit_action", "bot", "tile_choice")
    if isinstance(cmd, DraftGoals):
        conds = [T.goal_condition(g.id) for g in D.goals if g.set == cmd.symbol and g.colour == cmd.colour]
        return (f"{who} drafts the three {T.GOAL_COLOURS.get(cmd.colour, cmd.colour)} Goal tiles of set "
                f"{cmd.symbol}: {T.and_list(conds)}")
    if isinstance(cmd, Done):
        if kind == "supply_turn":
            return f"{who} ends the Post-Setup Supply turn"
        if kind == "turn_sub":
            return f"{who} uses no Subsidy or Investment tile this turn"
        if kind == "actions":
            return f"{who} ends the actions at {T.LOC_NAMES[step.location]}"
        if kind == "tokens":
            return f"{who} ends the turn"
        if kind == "final_place":
            return f"{who} is ready for final scoring"
        if kind == "benefit_action":
            return f"{who} declines the free {T.ACTION_NAMES.get(step.action, 'bonus')} action"
        return f"{who} is done"
    if isinstance(cmd, Confirm):
        if kind == "lock_pay":
            return (f"{who} pays 1 Science Voucher for 3 CP" if cmd.yes
                    else f"{who} does not pay 1 Science Voucher for 3 CP")
        if kind == "exp_pay":
            e = step.tile
            sci = D.experiments[e].science
            return (f"{who} pays {T.voucher(V_SCI, sci)} to collect the rewards of {T.experiment(e)}"
                    if cmd.yes else f"{who} does not pay for {T.experiment(e)} and gains nothing from it")
        if kind == "exp_keep":
            b = step.branch
            return (f"{who} takes the Bots back from the {T.weather(b)} branch" if cmd.yes
                    else f"{who} leaves the Bots in the {T.weather(b)} branch")
        return f"{who} answers {'yes' if cmd.yes else 'no'}"
    if isinstance(cmd, UseSubsidy):
        b = D.subsidy_types[D.subsidy_tiles[cmd.tile]]
        return f"{who} flips {T.subsidy(cmd.tile)} for {T.benefit(b)}"
    if isinstance(cmd, SetGoal):
        return (f"{who} uses an Investment tile to set {T.goal(cmd.goal)} on {T.goal_space(cmd.space)}, "
                f"gaining {T.benefits(D.goal_space_benefit[cmd.space])}")
    if isinstance(cmd, ReceiveFunding):
        tr = COLOUR_TRACK[D.goals[cmd.goal].colour]
        return (f"{who} uses an Investment tile to flip {T.goal(cmd.goal)} and receive funding from "
                f"{T.track(tr)}")
    if isinstance(cmd, MoveScientist):
        text = f"{who} moves the Scientist to {T.space(cmd.location, cmd.space)}"
        if cmd.location == SUPPLY:
            _n, sci, pay = move_gains(s, cmd.seat, SUPPLY, cmd.space)
            gains = ["any 1 Voucher"] + (["1 Science Voucher for Lativ"] if sci else [])
            text += f" to gain {T.and_list(gains)}"
            if pay:
                text += f", then pays {T.plural(pay, 'Voucher')} for the Scientists to the left"
            return text
        n, sci, _pay = move_gains(s, cmd.seat, cmd.location, cmd.space)
        vt = D.main_spaces[cmd.location][cmd.space][0]
        gains = []
        if p is not None:
            g = min(n, B.gain_room(p, vt))
            gs = min(sci, B.gain_room(p, V_SCI))
            if g:
                gains.append(T.voucher(vt, g))
            if gs:
                gains.append(T.voucher(V_SCI, gs) + " for Lativ")
        gained = f" and gains {T.and_list(gains)}" if gains else " and gains no Voucher, the track being full"
        return f"{text}, {T.symbol(cmd.location, cmd.space)},{gained}"
    if isinstance(cmd, ExtendWorkshop):
        if cmd.source == 4:
            t = s.up_stack[0] if s.up_stack else EMPTY
            where = "from the top of the face-up stack"
        else:
            t = s.offer[cmd.source] if 0 <= cmd.source < 4 else EMPTY
            where = f"from space {cmd.source + 1} of the offer"
        name = T.tile(t) if t >= 0 else "a Workshop tile"
        cost = "" if free else ", for 1 Supply Voucher"
        return f"{who} extends the Workshop {where}: {name}{cost}"
    if isinstance(cmd, PlaceTile):
        t = step.tile if kind == "tile_place" else None
        name = T.tile(t) if t is not None else "the Workshop tile"
        turn = T.tile_orientation(t, cmd.flipped) if t is not None else ("turned" if cmd.flipped else "")
        return (f"{who} places {name} in the {T.ws_row(cmd.row)} of the Workshop, column {cmd.col}"
                + (f", {turn}" if turn else ""))
    if isinstance(cmd, ConstructBot):
        cost = ", free" if free else f" for {T.voucher(V_SUPPLY, D.line_cost[cmd.slot // 3])}"
        ben = D.line_benefit[cmd.slot] if 0 <= cmd.slot < 12 else ()
        gains = f", gaining {T.benefits(ben)}" if ben else ""
        return f"{who} builds a Bot from {T.line_slot(cmd.slot)}, of the Assembly Line{cost}{gains}"
    if isinstance(cmd, AcquireChemical):
        slot = B.supply_leftmost(s, cmd.weather) if 0 <= cmd.weather < W else None
        cost = f" for {T.voucher(V_SUPPLY, D.chem_take[D.chem_section[slot]])}" if slot is not None else ""
        return f"{who} takes {T.chemical(cmd.weather)} from the Supply{cost}"
    if isinstance(cmd, TakeChemical):
        return f"{who} takes {T.chemical(cmd.weather)} from the Supply"
    if isinstance(cmd, ReturnChemical):
        slot = B.supply_rightmost_empty(s, cmd.weather) if 0 <= cmd.weather < W else None
        n = D.chem_return[D.chem_section[slot]] if slot is not None else 0
        g = min(n, B.gain_room(p, V_SUPPLY)) if p is not None else n
        gains = f" and gains {T.voucher(V_SUPPLY, g)}" if g else " and gains no Voucher"
        return f"{who} returns {T.chemical(cmd.weather)} to the Supply{gains}"
    if isinstance(cmd, TakeInitiative):
        return (f"{who} takes the Initiative for 1 Supply Voucher, moving to the "
                f"{T.ORDINALS[cmd.position]} place of the initiative order")
    if isinstance(cmd, SellPart):
        colour = D.gov_colours[cmd.column][cmd.row]
        cost = "" if free else " for 1 Government Voucher"
        how = (f"paying {T.part(colour)}" if p is None or p.parts[colour]
               else f"getting {T.part(colour)} by a Machine Parts Exchange")
        return f"{who} sells a Part{cost}: a Bot onto {T.gov_space(cmd.column, cmd.row)}, {how}"
    if isinstance(cmd, TakeSubsidy):
        col = step.column if kind == "take_subsidy" else 0
        cell = s.gov_grid[col][cmd.row]
        name = T.subsidy(int(cell[1:-1])) if cell.startswith("S") else "a Subsidy tile"
        return f"{who} takes {name} from {T.gov_cell(col, cmd.row)}"
    if isinstance(cmd, SecureSubsidy):
        cell = s.gov_grid[cmd.column][cmd.row]
        tile = int(cell[1:-1]) if cell.startswith("S") else 0
        cost = "" if free else " for 2 Government Vouchers"
        gains = (D.gov_column_benefit[cmd.column] + D.gov_row_benefit[cmd.row]
                 + (D.subsidy_types[D.subsidy_tiles[tile]],))
        return (f"{who} secures {T.subsidy(tile)} in {T.gov_cell(cmd.column, cmd.row)}{cost}, gaining "
                f"{T.benefits(gains)}")
    if isinstance(cmd, WorkOnExperiment):
        cost = "" if free else " for 1 Lab Voucher"
        lativ = ", displacing Lativ's Bot" if s.lab[cmd.branch][cmd.space] == LATIV else ""
        return (f"{who} works on the experiment{cost}: a Bot onto the {T.branch_space(cmd.space)} of the "
                f"{T.weather(cmd.branch)} branch of the Weather Machine{lativ}")
    if isinstance(cmd, PublishPaper):
        w = B.row_weather(p, cmd.row) if p is not None else None
        cost = "" if free else " for 2 Lab Vouchers"
        on = f" on {T.weather(w)}" if w is not None else ""
        cite = f", first citing previous work with {T.goal(cmd.cite_goal)}" if cmd.cite_goal >= 0 else ""
        return f"{who} publishes a paper{on} from Office row {cmd.row + 1}{cost}{cite}"
    if isinstance(cmd, Research):
        chem = D.rnd_chemical[cmd.branch][cmd.space]
        cost = "" if free else " for 1 R&D Voucher"
        pay = (f"placing {T.chemical(chem)}" if p is None or p.chemicals[chem]
               else f"getting {T.chemical(chem)} by a Chemicals Exchange")
        extra = ", plus any 1 Chemical or Machine Part, and gains a free Bot" if cmd.space == 0 else ""
        return (f"{who} researches{cost} on the {T.branch_space(cmd.space)} of the {T.weather(cmd.branch)} "
                f"branch of R&D, {pay}{extra}")
    if isinstance(cmd, PayExtra):
        what = T.chemical(cmd.index) if cmd.kind == "chemical" else T.part(cmd.index)
        return f"{who} pays {what} for the bottom Research space"
    if isinstance(cmd, Breakthrough):
        w = B.row_weather(p, cmd.row) if p is not None else None
        t = B.top_extreme(s, w) if w is not None else None
        cost = [] if free else ["2 R&D Vouchers"]
        if t is not None and D.extremes[t].science:
            cost.append(T.voucher(V_SCI, D.extremes[t].science))
        on = f" on {T.weather(w)}" if w is not None else ""
        paid = f" for {T.and_list(cost)}" if cost else ""
        return f"{who} makes a Breakthrough{on} with the paper of Office row {cmd.row + 1}{paid}"
    if isinstance(cmd, PlaceBreakthrough):
        w = step.weather if kind == "bt_space" else 0
        t = B.top_extreme(s, w)
        ben = D.extremes[t].breakthrough[cmd.space] if t is not None and cmd.space < len(D.extremes[t].breakthrough) else ()
        name = T.extreme(t) if t is not None else "the Extreme Weather tile"
        return (f"{who} places the Breakthrough marker on space {cmd.space + 1} of {name}, gaining "
                f"{T.benefits(ben)}")
    if isinstance(cmd, BuildPrototype):
        w = step.weather if kind == "prototype" else 0
        res = prototype_need(s, cmd.seat, w, cmd.row, cmd.own)
        need = res[0] if res else []
        helpers = [name_of(s, s.rnd[w][i]) + "'s Bot" for i in range(3)
                   if s.rnd[w][i] not in (EMPTY, cmd.seat) and not cmd.own & (1 << i)]
        mine = [i for i in range(3) if s.rnd[w][i] == cmd.seat and not cmd.own & (1 << i)]
        parts = (T.and_list([D.part_colours[x] for x in sorted(need)])
                 + (" Machine Part" if len(need) == 1 else " Machine Parts")) if need else "no Machine Part"
        text = (f"{who} builds the {T.weather(w)} prototype from the {T.ws_row(cmd.row)} of the Workshop, "
                f"providing {parts}")
        uses = helpers + ([f"{T.plural(len(mine), 'own Bot')} in the branch"] if mine else [])
        if uses:
            text += f", with parts also provided by {T.and_list(uses)}"
        if res and res[1]:
            text += f", needing {T.plural(res[1], 'Machine Parts Exchange')}"
        return text
    if isinstance(cmd, ReturnPart):
        return f"{who} returns {T.part(cmd.colour)} from the prototype row to the reserve"
    if isinstance(cmd, PayVoucher):
        need = step.vtype if kind == "pay" else cmd.vtype
        purpose = pay_purpose(s, step)
        as_ = (f" as {T.a_voucher(need)}" if need not in (ANY, cmd.vtype) else "")
        return f"{who} pays {T.voucher(cmd.vtype)}{as_}" + (f" {purpose}" if purpose else "")
    if isinstance(cmd, ScienceExchange):
        counts = [T.voucher(t, cmd.types.count(t)) for t in sorted(set(cmd.types)) if 0 <= t < 5]
        need = step.vtype if kind == "pay" else None
        as_ = f", paid as {T.a_voucher(need)}" if need not in (None, ANY) else ""
        return f"{who} makes a Science Exchange: pays {T.and_list(counts)} for 1 Science Voucher{as_}"
    if isinstance(cmd, ChemicalsExchange):
        w = step.weather if kind == "xchem" else None
        get = f" and uses {T.chemical(w)} from the Supply" if w is not None else ""
        return (f"{who} makes a Chemicals Exchange for 2 Vouchers: returns {T.chemical(cmd.give)} to "
                f"the Supply{get}")
    if isinstance(cmd, PartsExchange):
        return (f"{who} makes a Machine Parts Exchange for 2 Vouchers: {T.part(cmd.give)} for "
                f"{T.part(cmd.get)}")
    if isinstance(cmd, GainVoucher):
        return f"{who} gains {T.voucher(cmd.vtype)}"
    if isinstance(cmd, TakePart):
        return f"{who} takes {T.part(cmd.colour)} from the reserve"
    if isinstance(cmd, AdvanceFunding):
        return f"{who} advances 1 space on {T.track(cmd.track)}"
    if isinstance(cmd, ChooseBenefit):
        if kind == "exp_benefit":
            ben = D.experiments[step.tile].benefits[cmd.index] if cmd.index in (0, 1) else ()
            return f"{who} chooses the experiment benefit: {T.benefits(ben)}"
        if kind == "lab_fund":
            return (f"{who} applies the Lab funding modifier of {step.modifier} to {T.track(cmd.index)}, "
                    f"as if the marker were {T.plural(step.modifier, 'space')} further ahead")
        if kind == "rnd_fund" and 0 <= cmd.index < len(D.funding_rnd):
            return (f"{who} takes the R&D funding benefit of space {cmd.index + 1}: "
                    f"{T.benefits(D.funding_rnd[cmd.index])}")
        return f"{who} chooses option {cmd.index + 1}"
    if isinstance(cmd, PlaceToken):
        tok = T.token(cmd.token)
        ok = 0 <= cmd.row < 6 and 0 <= cmd.col < 3
        ben = D.office_benefit[cmd.row][cmd.col] if ok else ()
        where = T.office_space(cmd.row, cmd.col) if ok else f"Office row {cmd.row + 1}"
        gains = f", gaining {T.benefits(ben)}" if ben else ""
        return f"{who} places {tok} on {where}{gains}"
    if isinstance(cmd, ReturnBotToLine):
        return (f"{who} returns a Bot to {T.line_slot(cmd.slot)}, of the Assembly Line, the Workshop "
                "having no space for it")
    return f"{who} chooses {T.ACTION_NAMES.get(type(cmd).__name__, 'an option')}"
