"""The words of Weather Machine's rules: step titles, the reasons for refused commands and the
descriptions of commands, as catalogue messages (``locale/en/commands.json``, ``reasons.json``;
the events' words are in ``event_words``). Each sentence is one key; the pieces' names
(``words``) are its parameters."""

from __future__ import annotations

from typing import Any

from weather_tabletop.engine.protocol import Command
from weather_tabletop.i18n import Msg, msg

from . import board as B
from . import words as T
from .board import ANY, D, W
from .commands import (AssignReports, CallSecurity, PushFundingBack, SetRewardChoice, AcquireChemical, AdvanceFunding, Breakthrough, BuildPrototype,
                       ChemicalsExchange, ChooseBenefit, Confirm, ConstructBot, Done, DraftGoals,
                       ExtendWorkshop, GainVoucher, MoveScientist, PartsExchange, PayExtra,
                       PayVoucher, PlaceBreakthrough, PlaceTile, PlaceToken, PublishPaper,
                       ReceiveFunding, Research, ReturnBotToLine, ReturnChemical, ReturnPart,
                       ScienceExchange, SecureSubsidy, SellPart, SetGoal, TakeChemical,
                       TakeInitiative, TakePart, TakeSubsidy, UseSubsidy, WorkOnExperiment)
from .data import COLOUR_TRACK, GOVERNMENT, LAB, RND, SUPPLY, V_RND, V_SCI, V_SUPPLY
from .solo_data import SOLO
from .state import (Decision, EMPTY, Effect, GOVERNMENT_MARKER, LATIV, LocationActions, Payment,
                    Step, WMState)
from .context import name_of
from .options import (AWARD_RULE, FREE_MOMENTS, LOCATION_ACTIONS, command_action, in_own_turn,
                      move_gains, prototype_need)

#: the pending steps a player decides (keys ``wm.step.<kind>``, what the player does, and
#: ``wm.rule.<kind>``, the rule a refusal names)
STEP_KINDS = ("draft", "supply_turn", "turn_sub", "move", "actions", "tokens", "final_place",
              "place_now", "pay", "gain_any", "take_chem", "take_part", "funding_any", "bot",
              "tile_choice", "tile_place", "benefit_action", "take_subsidy", "xpart", "xpart_proto",
              "xchem", "extra", "bt_space", "prototype", "return_extra", "lock_pay", "exp_pay",
              "exp_keep", "exp_benefit", "lab_fund", "rnd_fund", "to_line", "solo_set",
              "solo_funding_back", "solo_security", "fx")


def step_title(s: WMState, step: Step | None) -> Msg | str:
    """What the player of ``step`` does now ("pays Vouchers"); "" without a step."""
    if step is None:
        return ""
    if step.kind in STEP_KINDS:
        return msg(f"wm.step.{step.kind}")
    return msg("wm.step.other")  # never the step's code name (issue 27: "Ada fx")


def rule_of(kind: str) -> Msg:
    """The rule a refusal at a step of ``kind`` names ("Move the Scientist")."""
    if kind in STEP_KINDS:
        return msg(f"wm.rule.{kind}")
    return msg("wm.rule.other")


#: the action a location command performs (its name is ``words.ACTION_NAMES``)
LOCATION_COMMANDS = {SellPart: "sell_part", SecureSubsidy: "secure", WorkOnExperiment: "work_experiment",
                     PublishPaper: "publish", Research: "research", Breakthrough: "breakthrough"}
AWARD_WHEN = {"B": "B", "final": "final", "C": "C"}


def explain(s: WMState, step: Decision, cmd: Command, legal: list[Command]) -> Msg:
    """The reason a command is refused, naming the rule."""
    kind = step.kind
    p = s.pl[step.seat]
    rule = rule_of(kind)
    if isinstance(cmd, PlaceToken):
        if cmd.token == "A":
            if p.pending_awards < 1:
                return msg("wm.reason.award_none")
            if not isinstance(step, FREE_MOMENTS) and not in_own_turn(s, step.seat):
                return msg(f"wm.reason.award_when.{AWARD_WHEN.get(s.phase, 'other')}", rule=AWARD_RULE)
            return msg("wm.reason.award_space")
        if cmd.token not in p.pending_tokens:
            return msg("wm.reason.token_missing")
        return msg("wm.reason.token_space")
    if isinstance(cmd, DraftGoals):
        if kind != "draft":
            return msg("wm.reason.draft_over")
        mine = {D.goals[g].colour for g in p.goals_hand}
        if cmd.colour in mine:
            return msg("wm.reason.draft_colour")
        return msg("wm.reason.draft_set")
    if isinstance(cmd, MoveScientist):
        if kind != "move":
            return msg("wm.reason.move_not_now", rule=rule)
        if cmd.location == p.location:
            return msg("wm.reason.move_same")
        if cmd.location not in (SUPPLY, GOVERNMENT, LAB, RND) or not 0 <= cmd.space < B.spaces_of(cmd.location):
            return msg("wm.reason.move_space")
        if B.occupant(s, cmd.location, cmd.space) != EMPTY:
            return msg("wm.reason.move_occupied")
        if s.round == 1 and cmd.location != SUPPLY:
            return msg("wm.reason.move_round1")
        return msg("wm.reason.move_supply_pay")
    if isinstance(cmd, Done):
        if kind == "tokens":
            return msg("wm.reason.done_tokens")
        return msg("wm.reason.choose", rule=rule)
    if isinstance(cmd, (SellPart, SecureSubsidy, WorkOnExperiment, PublishPaper, Research, Breakthrough)):
        action = T.ACTION_NAMES[LOCATION_COMMANDS[type(cmd)]]
        if kind == "actions" and step.location != SUPPLY:
            if command_action(cmd) not in LOCATION_ACTIONS[step.location]:
                return msg("wm.reason.action_elsewhere", action=action)
            i = LOCATION_ACTIONS[step.location].index(command_action(cmd))
            if step.used & (1 << i):
                return msg("wm.reason.action_once", action=action)
            if step.used:
                return msg("wm.reason.action_one_of", action=action)
        elif kind != "benefit_action":
            return msg("wm.reason.action_not_now", action=action, rule=rule)
        return msg("wm.reason.action_cost", action=action)
    if isinstance(cmd, (ExtendWorkshop, ConstructBot, AcquireChemical, ReturnChemical, TakeInitiative)):
        if kind not in ("actions", "supply_turn", "bot", "tile_choice") or (kind == "actions" and step.location != SUPPLY):
            return msg("wm.reason.supply_elsewhere")
        if isinstance(cmd, ConstructBot) and not B.can_gain_bot(p) or (
                isinstance(cmd, AcquireChemical) and 0 <= cmd.weather < W and not B.can_gain_chem(p, cmd.weather)):
            return msg("wm.reason.no_room")
        return msg("wm.reason.supply_cost")
    if isinstance(cmd, (PayVoucher, ScienceExchange)):
        if kind != "pay":
            return msg("wm.reason.pay_nothing")
        return msg("wm.reason.pay_rules")
    if isinstance(cmd, PlaceTile):
        return msg("wm.reason.tile_place")
    if isinstance(cmd, PlaceBreakthrough) and kind == "bt_space":
        spaces = s.ew_bt[step.weather]
        held = spaces[cmd.space] if 0 <= cmd.space < len(spaces) else EMPTY
        if held == EMPTY:
            return msg("wm.reason.bt_space")
        if held == GOVERNMENT_MARKER:
            return msg("wm.reason.bt_space_government")
        return msg("wm.reason.bt_space_held", name=name_of(s, held))
    return msg("wm.reason.not_legal", rule=rule)


#: what a Voucher payment pays for, by the automatic step below it (keys ``wm.purpose.<name>``)
PAY_PURPOSE = ("take_tile", "construct", "acquire", "initiative", "sell", "secure", "work", "publish",
               "research", "breakthrough", "cp", "exp_reward", "move_lativ")


def step_of(s: WMState, seat: int) -> Step | None:
    """The step a command of ``seat`` answers (the top of the stack), or None if it is not
    theirs."""
    if s.stack and s.stack[-1].seat == seat:
        return s.stack[-1]
    return None


def pay_purpose(s: WMState, step: Step | None) -> Msg | str:
    """What a Voucher payment step pays for: the automatic step of the same seat below it
    ("" when it says nothing)."""
    if not isinstance(step, Payment):
        return ""
    for k in range(len(s.stack) - 2, -1, -1):
        below = s.stack[k]
        if isinstance(below, Payment) and below.seat == step.seat:
            continue
        if isinstance(below, Effect) and below.name in PAY_PURPOSE:
            return msg(f"wm.purpose.{below.name}")
        if isinstance(below, LocationActions) and below.location == SUPPLY and step.vtype == ANY:
            return msg("wm.purpose.move_lativ")
        break
    return msg("wm.purpose.executive") if step.vtype == ANY else ""


def _flags(*names: str | bool) -> str:
    """A key's suffix from the parts a sentence has: ``_flags("paid", cost > 0)``-style pairs."""
    out = ""
    for name, on in zip(names[::2], names[1::2]):
        if on:
            out += f"_{name}"
    return out


def describe(s: WMState, cmd: Command) -> Msg:
    """One sentence in the rulebook's words for the action list and the log (no "=", no
    parentheses, no class names; names the seat)."""
    who = name_of(s, cmd.seat)
    step: Any = step_of(s, cmd.seat)
    kind = step.kind if step is not None else ""
    p = s.pl[cmd.seat] if 0 <= cmd.seat < len(s.pl) else None
    free = kind in ("benefit_action", "bot", "tile_choice")
    if isinstance(cmd, DraftGoals):
        conds = [T.goal_condition(g.id) for g in D.goals if g.set == cmd.symbol and g.colour == cmd.colour]
        return msg("wm.cmd.draft", name=who, colour=T.GOAL_COLOURS.get(cmd.colour, cmd.colour),
                   set=cmd.symbol, goals=T.and_list(conds))
    if isinstance(cmd, Done):
        if kind == "actions":
            return msg("wm.cmd.done.actions", name=who, location=T.location(step.location))
        if kind == "benefit_action":
            if step.action in T.ACTION_NAMES:
                return msg("wm.cmd.done.benefit_action", name=who, action=T.ACTION_NAMES[step.action])
            return msg("wm.cmd.done.bonus", name=who)
        if kind in ("supply_turn", "turn_sub", "tokens", "final_place"):
            return msg(f"wm.cmd.done.{kind}", name=who)
        return msg("wm.cmd.done", name=who)
    if isinstance(cmd, Confirm):
        answer = "yes" if cmd.yes else "no"
        if kind == "lock_pay":
            return msg(f"wm.cmd.lock_pay.{answer}", name=who)
        if kind == "exp_pay":
            e = step.tile
            return msg(f"wm.cmd.exp_pay.{answer}", name=who, experiment=T.experiment(e),
                       vouchers=T.voucher(V_SCI, D.experiments[e].science))
        if kind == "exp_keep":
            return msg(f"wm.cmd.exp_keep.{answer}", name=who, weather=T.weather(step.branch))
        return msg(f"wm.cmd.answer.{answer}", name=who)
    if isinstance(cmd, UseSubsidy):
        b = D.subsidy_types[D.subsidy_tiles[cmd.tile]]
        return msg("wm.cmd.use_subsidy", name=who, subsidy=T.subsidy(cmd.tile), benefit=T.benefit(b))
    if isinstance(cmd, SetGoal):
        return msg("wm.cmd.set_goal", name=who, goal=T.goal(cmd.goal), space=T.goal_space(cmd.space),
                   benefits=T.benefits(D.goal_space_benefit[cmd.space]))
    if isinstance(cmd, ReceiveFunding):
        return msg("wm.cmd.receive_funding", name=who, goal=T.goal(cmd.goal),
                   track=T.track(COLOUR_TRACK[D.goals[cmd.goal].colour]))
    if isinstance(cmd, MoveScientist):
        return _move(s, cmd, who, p)
    if isinstance(cmd, ExtendWorkshop):
        if cmd.source == 4:
            t = s.up_stack[0] if s.up_stack else EMPTY
        else:
            t = s.offer[cmd.source] if 0 <= cmd.source < 4 else EMPTY
        key = "wm.cmd.extend.stack" if cmd.source == 4 else "wm.cmd.extend.offer"
        return msg(key + _flags("paid", not free), name=who, space=cmd.source + 1,
                   tile=T.tile(t) if t >= 0 else msg("wm.a_workshop_tile"))
    if isinstance(cmd, PlaceTile):
        t = step.tile if kind == "tile_place" else None
        name = T.tile(t) if t is not None else msg("wm.the_workshop_tile")
        turn = T.tile_orientation(t, cmd.flipped) if t is not None else (
            msg("wm.turned") if cmd.flipped else "")
        return msg("wm.cmd.place_tile" + _flags("turned", bool(turn)), name=who, tile=name,
                   row=T.ws_row(cmd.row), col=cmd.col, turn=turn)
    if isinstance(cmd, ConstructBot):
        ben = D.line_benefit[cmd.slot] if 0 <= cmd.slot < 12 else ()
        return msg("wm.cmd.construct" + _flags("free", free, "gain", bool(ben)), name=who,
                   slot=T.line_slot(cmd.slot), benefits=T.benefits(ben),
                   vouchers=T.voucher(V_SUPPLY, D.line_cost[cmd.slot // 3]))
    if isinstance(cmd, AcquireChemical):
        slot = B.supply_leftmost(s, cmd.weather) if 0 <= cmd.weather < W else None
        if slot is None:
            return msg("wm.cmd.take_chemical", name=who, chemical=T.chemical(cmd.weather))
        return msg("wm.cmd.acquire_chemical", name=who, chemical=T.chemical(cmd.weather),
                   vouchers=T.voucher(V_SUPPLY, D.chem_take[D.chem_section[slot]]))
    if isinstance(cmd, TakeChemical):
        return msg("wm.cmd.take_chemical", name=who, chemical=T.chemical(cmd.weather))
    if isinstance(cmd, ReturnChemical):
        slot = B.supply_rightmost_empty(s, cmd.weather) if 0 <= cmd.weather < W else None
        n = D.chem_return[D.chem_section[slot]] if slot is not None else 0
        g = min(n, B.gain_room(p, V_SUPPLY)) if p is not None else n
        return msg("wm.cmd.return_chemical" + _flags("gain", bool(g)), name=who,
                   chemical=T.chemical(cmd.weather), vouchers=T.voucher(V_SUPPLY, g))
    if isinstance(cmd, TakeInitiative):
        return msg("wm.cmd.initiative", name=who, place=T.ORDINALS[cmd.position])
    if isinstance(cmd, SellPart):
        colour = D.gov_colours[cmd.column][cmd.row]
        exchange = p is not None and not p.parts[colour]
        return msg("wm.cmd.sell" + _flags("paid", not free, "exchange", exchange), name=who,
                   space=T.gov_space(cmd.column, cmd.row), part=T.part(colour))
    if isinstance(cmd, TakeSubsidy):
        col = step.column if kind == "take_subsidy" else 0
        cell = s.gov_grid[col][cmd.row]
        name = T.subsidy(int(cell[1:-1])) if cell.startswith("S") else msg("wm.a_subsidy_tile")
        return msg("wm.cmd.take_subsidy", name=who, subsidy=name, cell=T.gov_cell(col, cmd.row))
    if isinstance(cmd, SecureSubsidy):
        cell = s.gov_grid[cmd.column][cmd.row]
        tile = int(cell[1:-1]) if cell.startswith("S") else 0
        gains = (D.gov_column_benefit[cmd.column] + D.gov_row_benefit[cmd.row]
                 + (D.subsidy_types[D.subsidy_tiles[tile]],))
        return msg("wm.cmd.secure" + _flags("paid", not free), name=who, subsidy=T.subsidy(tile),
                   cell=T.gov_cell(cmd.column, cmd.row), benefits=T.benefits(gains))
    if isinstance(cmd, WorkOnExperiment):
        lativ = s.lab[cmd.branch][cmd.space] == LATIV
        return msg("wm.cmd.work" + _flags("paid", not free, "lativ", lativ), name=who,
                   space=T.branch_space(cmd.space), weather=T.weather(cmd.branch))
    if isinstance(cmd, PublishPaper):
        w = B.row_weather(p, cmd.row) if p is not None else None
        return msg("wm.cmd.publish" + _flags("on", w is not None, "paid", not free, "cite", cmd.cite_goal >= 0),
                   name=who, weather=T.weather(w) if w is not None else "", row=cmd.row + 1,
                   goal=T.goal(cmd.cite_goal) if cmd.cite_goal >= 0 else "")
    if isinstance(cmd, Research):
        chem = D.rnd_chemical[cmd.branch][cmd.space]
        exchange = p is not None and not p.chemicals[chem]
        return msg("wm.cmd.research" + _flags("paid", not free, "exchange", exchange, "bottom", cmd.space == 0),
                   name=who, space=T.branch_space(cmd.space), weather=T.weather(cmd.branch),
                   chemical=T.chemical(chem))
    if isinstance(cmd, PayExtra):
        what = T.chemical(cmd.index) if cmd.kind == "chemical" else T.part(cmd.index)
        return msg("wm.cmd.pay_extra", name=who, what=what)
    if isinstance(cmd, Breakthrough):
        w = B.row_weather(p, cmd.row) if p is not None else None
        t = B.top_extreme(s, w) if w is not None else None
        cost = [] if free else [T.voucher(V_RND, 2)]
        if t is not None and D.extremes[t].science:
            cost.append(T.voucher(V_SCI, D.extremes[t].science))
        return msg("wm.cmd.breakthrough" + _flags("on", w is not None, "paid", bool(cost)), name=who,
                   weather=T.weather(w) if w is not None else "", row=cmd.row + 1,
                   cost=T.and_list(cost))
    if isinstance(cmd, PlaceBreakthrough):
        w = step.weather if kind == "bt_space" else 0
        t = B.top_extreme(s, w)
        ben = D.extremes[t].breakthrough[cmd.space] if t is not None and cmd.space < len(D.extremes[t].breakthrough) else ()
        return msg("wm.cmd.place_breakthrough", name=who, space=cmd.space + 1,
                   tile=T.extreme(t) if t is not None else msg("wm.the_extreme_tile"),
                   benefits=T.benefits(ben))
    if isinstance(cmd, BuildPrototype):
        return _prototype(s, cmd, who, step.weather if kind == "prototype" else 0)
    if isinstance(cmd, ReturnPart):
        return msg("wm.cmd.return_part", name=who, part=T.part(cmd.colour))
    if isinstance(cmd, PayVoucher):
        need = step.vtype if kind == "pay" else cmd.vtype
        purpose = pay_purpose(s, step)
        as_ = need not in (ANY, cmd.vtype)
        return msg("wm.cmd.pay" + _flags("as", as_, "for", bool(purpose)), name=who,
                   voucher=T.voucher(cmd.vtype), need=T.a_voucher(need) if as_ else "", purpose=purpose)
    if isinstance(cmd, ScienceExchange):
        counts = [T.voucher(t, cmd.types.count(t)) for t in sorted(set(cmd.types)) if 0 <= t < 5]
        need = step.vtype if kind == "pay" else None
        as_ = need not in (None, ANY)
        return msg("wm.cmd.science_exchange" + _flags("as", as_), name=who, vouchers=T.and_list(counts),
                   need=T.a_voucher(need) if as_ else "")
    if isinstance(cmd, ChemicalsExchange):
        w = step.weather if kind == "xchem" else None
        return msg("wm.cmd.chemicals_exchange" + _flags("use", w is not None), name=who,
                   give=T.chemical(cmd.give), get=T.chemical(w) if w is not None else "")
    if isinstance(cmd, PartsExchange):
        return msg("wm.cmd.parts_exchange", name=who, give=T.part(cmd.give), get=T.part(cmd.get))
    if isinstance(cmd, GainVoucher):
        return msg("wm.cmd.gain_voucher", name=who, voucher=T.voucher(cmd.vtype))
    if isinstance(cmd, TakePart):
        return msg("wm.cmd.take_part", name=who, part=T.part(cmd.colour))
    if isinstance(cmd, AdvanceFunding):
        return msg("wm.cmd.advance_funding", name=who, track=T.track(cmd.track))
    if isinstance(cmd, ChooseBenefit):
        if kind == "exp_benefit":
            ben = D.experiments[step.tile].benefits[cmd.index] if cmd.index in (0, 1) else ()
            return msg("wm.cmd.exp_benefit", name=who, benefits=T.benefits(ben))
        if kind == "lab_fund":
            return msg("wm.cmd.lab_fund", name=who, n=step.modifier, track=T.track(cmd.index))
        if kind == "rnd_fund" and 0 <= cmd.index < len(D.funding_rnd):
            return msg("wm.cmd.rnd_fund", name=who, space=cmd.index + 1,
                       benefits=T.benefits(D.funding_rnd[cmd.index]))
        return msg("wm.cmd.option", name=who, n=cmd.index + 1)
    if isinstance(cmd, PlaceToken):
        ok = 0 <= cmd.row < 6 and 0 <= cmd.col < 3
        ben = D.office_benefit[cmd.row][cmd.col] if ok else ()
        if not ok:
            return msg("wm.cmd.place_token_row", name=who, token=T.token(cmd.token), row=cmd.row + 1)
        return msg("wm.cmd.place_token" + _flags("gain", bool(ben)), name=who, token=T.token(cmd.token),
                   space=T.office_space(cmd.row, cmd.col), benefits=T.benefits(ben))
    if isinstance(cmd, ReturnBotToLine):
        return msg("wm.cmd.return_bot", name=who, slot=T.line_slot(cmd.slot))
    if isinstance(cmd, CallSecurity):  # solo §3.5
        return msg("wm.cmd.call_security", name=who, voucher=T.voucher(cmd.vtype, 1))
    if isinstance(cmd, AssignReports):
        return msg("wm.cmd.assign_reports", name=who, current=SOLO.report(cmd.current).name(),
                   put_back=SOLO.report(cmd.put_back).name(),
                   discard=SOLO.report(cmd.discard).name())
    if isinstance(cmd, SetRewardChoice):  # solo §4.5.6, 7.G13
        if cmd.discard:
            return msg("wm.cmd.set_reward.discard", name=who)
        return msg("wm.cmd.set_reward.tv", name=who, n=SOLO.target_value.two_token_set)
    if isinstance(cmd, PushFundingBack):  # solo §4.7 Creative Accounting
        return msg("wm.cmd.funding_back", name=who, track=T.track(cmd.track))
    return msg("wm.cmd.other", name=who)


def _move(s: WMState, cmd: MoveScientist, who: str, p: Any) -> Msg:
    """Move the Scientist: the space and what it gains (Supply: any Voucher, Lativ's Science
    Voucher and the Vouchers paid for the Scientists to the left)."""
    if cmd.location == SUPPLY:
        _n, sci, pay = move_gains(s, cmd.seat, SUPPLY, cmd.space)
        return msg("wm.cmd.move_supply" + _flags("sci", bool(sci), "pay", bool(pay)), name=who,
                   space=T.space(cmd.location, cmd.space), n=pay)
    n, sci, _pay = move_gains(s, cmd.seat, cmd.location, cmd.space)
    vt = D.main_spaces[cmd.location][cmd.space][0]
    gains: list[Msg] = []
    if p is not None:
        g = min(n, B.gain_room(p, vt))
        gs = min(sci, B.gain_room(p, V_SCI))
        if g:
            gains.append(T.voucher(vt, g))
        if gs:
            gains.append(msg("wm.for_lativ", vouchers=T.voucher(V_SCI, gs)))
    return msg("wm.cmd.move" if gains else "wm.cmd.move_full", name=who,
               space=T.space(cmd.location, cmd.space), symbol=T.symbol(cmd.location, cmd.space),
               gains=T.and_list(gains))


def _prototype(s: WMState, cmd: BuildPrototype, who: str, w: int) -> Msg:
    """Building a Prototype: the parts provided, the Bots that also provide parts and the
    Machine Parts Exchanges needed."""
    res = prototype_need(s, cmd.seat, w, cmd.row, cmd.own)
    need = res[0] if res else []
    helpers: list[Msg] = [msg("wm.seat_bot", name=name_of(s, s.rnd[w][i])) for i in range(3)
                          if s.rnd[w][i] not in (EMPTY, cmd.seat) and not cmd.own & (1 << i)]
    mine = [i for i in range(3) if s.rnd[w][i] == cmd.seat and not cmd.own & (1 << i)]
    parts = (msg("wm.parts_of_colours", n=len(need),
                 colours=tuple(T.part_colour(x) for x in sorted(need))) if need
             else msg("wm.no_machine_part"))
    uses = helpers + ([msg("wm.own_bots_in_branch", n=len(mine))] if mine else [])
    exchanges = res[1] if res else 0
    return msg("wm.cmd.prototype" + _flags("uses", bool(uses), "exchange", bool(exchanges)), name=who,
               weather=T.weather(w), row=T.ws_row(cmd.row), parts=parts, uses=T.and_list(uses),
               n=exchanges)
