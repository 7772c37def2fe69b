"""The flow of ``decide``: a command answers the step on top of the stack (``handle``), an action
begins with its costs (``start_action``), and automatic steps run (``run_fx``) until a seat must
choose again (``advance_flow``)."""

from __future__ import annotations

from weather_tabletop.engine.protocol import Command

from . import board as B
from . import words as T
from .board import ANY, D
from .commands import (AcquireChemical, Breakthrough, ConstructBot, Done, ExtendWorkshop,
                       PlaceToken, PublishPaper, ReceiveFunding, Research, ReturnChemical,
                       ScienceExchange, SecureSubsidy, SellPart, SetGoal, TakeInitiative,
                       UseSubsidy, WorkOnExperiment)
from .data import SUPPLY, V_GOV, V_LAB, V_RND, V_SCI, V_SUPPLY
from .benefits import (advance, funding_benefits, gain, gain_vouchers, place_token,
                       return_chem_to_supply, run_benefit, score, take_chem_from_supply,
                       take_investment, use_investment, use_subsidy)
from .context import Ctx, fx, name_of
from .government import government_runs, parts_exchange, sell_part, take_subsidy
from .lab import (experiment_end, lativ_bots_back, prepare_next, publish, remove_lock,
                  return_lab_bots, work_on_experiment)
from .locations import construct_bot, move_lativ, move_scientist, take_tile
from .options import (LOCATION_ACTIONS, chem_gain_options, command_action, own_options,
                      prototype_need)
from .research import (build_prototype, chemicals_exchange, finish_prototype, research,
                       research_end, take_award)
from .rounds import income, lativ_home, phase_b, phase_c, start_round
from .scoring import final_scores
from .sentences import describe


def handle(c: Ctx, step: tuple, cmd: Command) -> None:
    kind, seat = step[0], step[1]
    if isinstance(cmd, PlaceToken) and cmd.token == "A":
        place_token(c, seat, "A", cmd.row, cmd.col)
        return
    if kind == "draft":
        c.pop()
        hand = c.p(seat).goals_hand + tuple(g.id for g in D.goals
                                            if g.set == cmd.symbol and g.colour == cmd.colour)
        c.pset(seat, "goals_hand", hand)
        if c.s.stack[-1][0] != "draft":
            c.set(("phase",), "supply")
            c.log("Goal drafting is over: the Post-Setup Supply Round begins.")
        return
    if kind == "turn_sub":
        c.pop()
        if isinstance(cmd, UseSubsidy):
            use_subsidy(c, seat, cmd.tile)
        elif isinstance(cmd, (SetGoal, ReceiveFunding)):
            use_investment(c, seat, cmd)
        return
    if kind == "final_place":
        if isinstance(cmd, Done):
            c.pop()
        else:
            use_investment(c, seat, cmd)
        return
    if kind == "move":
        c.pop()
        move_scientist(c, seat, cmd.location, cmd.space)
        return
    if kind in ("actions", "supply_turn"):
        if isinstance(cmd, Done):
            c.pop()
            return
        if kind == "actions" and step[2] != SUPPLY:
            i = LOCATION_ACTIONS[step[2]].index(command_action(cmd))
            c.retop(step[:4] + (step[4] | (1 << i),))
        start_action(c, seat, cmd, free=False)
        return
    if kind == "benefit_action":
        c.pop()
        if not isinstance(cmd, Done):
            start_action(c, seat, cmd, free=True)
        return
    if kind == "tokens":
        if isinstance(cmd, Done):
            c.pop()
        else:
            place_token(c, seat, cmd.token, cmd.row, cmd.col)
        return
    if kind == "place_now":
        c.pop()
        place_token(c, seat, cmd.token, cmd.row, cmd.col)
        return
    if kind == "pay":
        _k, _s, vtype, n, later = step
        c.pop()
        if isinstance(cmd, ScienceExchange):
            for t in cmd.types:
                c.padd(seat, "vouchers", -1, t)
        else:
            c.padd(seat, "vouchers", -1, cmd.vtype)
        if n > 1:
            c.push(("pay", seat, vtype, n - 1, later))
        return
    c.pop()
    if kind == "gain_any":
        gain_vouchers(c, seat, cmd.vtype, 1, log=False)
    elif kind == "take_chem":
        take_chem_from_supply(c, seat, cmd.weather)
    elif kind == "take_part":
        c.padd(seat, "parts", 1, cmd.colour)
    elif kind == "funding_any":
        advance(c, seat, cmd.track)
    elif kind == "bot":
        construct_bot(c, seat, cmd.slot, free=bool(step[2]))
    elif kind == "tile_choice":
        take_tile(c, seat, cmd.source, free=bool(step[2]))
    elif kind == "tile_place":
        c.pset(seat, "tiles", c.p(seat).tiles + ((cmd.row, cmd.col, step[2], cmd.flipped),))
    elif kind == "take_subsidy":
        take_subsidy(c, seat, step[2], cmd.row, step[3])
    elif kind == "xpart":
        parts_exchange(c, seat, cmd.give, cmd.get, step[3])
    elif kind == "xpart_proto":
        c.push(step)  # asked again while parts are still missing
        parts_exchange(c, seat, cmd.give, cmd.get, [])
    elif kind == "xchem":
        chemicals_exchange(c, seat, cmd.give, step[2], step[3], step[4])
    elif kind == "extra":
        if cmd.kind == "chemical":
            return_chem_to_supply(c, seat, cmd.index)
        else:
            c.padd(seat, "parts", -1, cmd.index)
    elif kind == "bt_space":
        w = step[2]
        c.set(("ew_bt", w, cmd.space), seat)
        t = B.top_extreme(c.s, w)
        c.push(("prototype", seat, w))
        gain(c, seat, D.extremes[t].breakthrough[cmd.space])
    elif kind == "prototype":
        build_prototype(c, seat, step[2], cmd.row, cmd.own)
    elif kind == "return_extra":
        c.padd(seat, "parts", -1, cmd.colour)
        if step[2] > 1:
            c.push(("return_extra", seat, step[2] - 1))
    elif kind == "lock_pay":
        if cmd.yes:
            c.push(("pay", seat, V_SCI, 1, ()), fx(seat, "cp", 3))
    elif kind == "exp_pay":
        if cmd.yes:
            _k, _s, e, bots, branch = step
            sci = D.experiments[e].science
            steps = [("pay", seat, V_SCI, sci, ())] if sci else []
            c.push(*steps, fx(seat, "exp_reward", e, bots, branch))
    elif kind == "exp_keep":
        if cmd.yes:
            return_lab_bots(c, seat, step[2])
    elif kind == "exp_benefit":
        gain(c, seat, D.experiments[step[2]].benefits[cmd.index])
    elif kind == "lab_fund":
        track = cmd.index
        pos = min(D.funding_length - 1, c.p(seat).funding[track] + step[2])
        funding_benefits(c, seat, track, pos)
    elif kind == "rnd_fund":
        gain(c, seat, D.funding_rnd[cmd.index])
    elif kind == "to_line":
        c.set(("pl", seat, "line", cmd.slot), True)
    else:
        raise AssertionError(f"unhandled step {kind}")


def start_action(c: Ctx, seat: int, cmd: Command, free: bool) -> None:
    """Begin an action: its costs first ("Cost: ..."), then its steps in order."""
    p = c.p(seat)
    if isinstance(cmd, ExtendWorkshop):
        c.push(("pay", seat, V_SUPPLY, 1, ()), fx(seat, "take_tile", cmd.source))
    elif isinstance(cmd, ConstructBot):
        c.push(("pay", seat, V_SUPPLY, D.line_cost[cmd.slot // 3], ()), fx(seat, "construct", cmd.slot))
    elif isinstance(cmd, AcquireChemical):
        slot = B.supply_leftmost(c.s, cmd.weather)
        c.push(("pay", seat, V_SUPPLY, D.chem_take[D.chem_section[slot]], ()),
               fx(seat, "acquire", cmd.weather))
    elif isinstance(cmd, ReturnChemical):
        slot = return_chem_to_supply(c, seat, cmd.weather)
        gain_vouchers(c, seat, V_SUPPLY, D.chem_return[D.chem_section[slot]])
    elif isinstance(cmd, TakeInitiative):
        c.push(("pay", seat, V_SUPPLY, 1, ()), fx(seat, "initiative", cmd.position))
    elif isinstance(cmd, SellPart):
        colour = D.gov_colours[cmd.column][cmd.row]
        later = ((ANY, 2),) if p.parts[colour] == 0 else ()
        steps = [] if free else [("pay", seat, V_GOV, 1, later)]
        c.push(*steps, fx(seat, "sell", cmd.column, cmd.row))
    elif isinstance(cmd, SecureSubsidy):
        steps = [] if free else [("pay", seat, V_GOV, 2, ())]
        c.push(*steps, fx(seat, "secure", cmd.column, cmd.row))
    elif isinstance(cmd, WorkOnExperiment):
        steps = [] if free else [("pay", seat, V_LAB, 1, ())]
        c.push(*steps, fx(seat, "work", cmd.branch, cmd.space))
    elif isinstance(cmd, PublishPaper):
        steps = [] if free else [("pay", seat, V_LAB, 2, ())]
        c.push(*steps, fx(seat, "publish", cmd.row, cmd.cite_goal))
    elif isinstance(cmd, Research):
        w = D.rnd_chemical[cmd.branch][cmd.space]
        later = ((ANY, 2),) if p.chemicals[w] == 0 else ()
        steps = [] if free else [("pay", seat, V_RND, 1, later)]
        c.push(*steps, fx(seat, "research", cmd.branch, cmd.space))
    elif isinstance(cmd, Breakthrough):
        w = B.row_weather(p, cmd.row)
        sci = D.extremes[B.top_extreme(c.s, w)].science
        dmin = min(res[1] for row in range(3) for m in range(8)
                   if (res := prototype_need(c.s, seat, w, row, m)) is not None)
        exch = ((ANY, 2 * dmin),) if dmin else ()
        steps = [] if free else [("pay", seat, V_RND, 2, ((V_SCI, sci),) + exch)]
        if sci:
            steps.append(("pay", seat, V_SCI, sci, exch))
        c.push(*steps, fx(seat, "breakthrough", cmd.row))
    else:
        raise AssertionError(cmd)


def lost_meanwhile(c: Ctx, seat: int, what: str) -> None:
    """A Supply action paid for whose gain an Award placed during its payment has made
    impossible (the Award's Part or Chemical took the last Workshop space, or the last Chemical
    of the type): "If you do not have space for something, you cannot gain it" - the Vouchers
    stay paid (undo takes the Award back)."""
    c.log(f"{name_of(c.s, seat)} can no longer gain {what}: an Award token's benefit, gained "
          "during the payment, took its place; the Vouchers stay paid.")


def run_fx(c: Ctx, step: tuple) -> None:
    _k, seat, name, *a = step
    s = c.s
    if name == "benefit":
        run_benefit(c, seat, a[0])
    elif name == "cp":
        score(c, seat, a[0])
    elif name == "take_tile":
        take_tile(c, seat, a[0], free=True)
    elif name == "construct":
        if B.can_gain_bot(c.p(seat)):
            construct_bot(c, seat, a[0], free=True)
        else:
            lost_meanwhile(c, seat, "the Bot")
    elif name == "acquire":
        if a[0] in chem_gain_options(s, seat):
            take_chem_from_supply(c, seat, a[0])
        else:
            lost_meanwhile(c, seat, T.chemical(a[0]))
    elif name == "initiative":
        order = [x for x in s.initiative if x != seat]
        order.insert(a[0], seat)
        c.set(("initiative",), tuple(order))
    elif name == "sell":
        sell_part(c, seat, a[0], a[1])
    elif name == "gov_token":
        col = a[0]
        if s.gov_tokens[col] > 0:
            c.set(("gov_tokens", col), s.gov_tokens[col] - 1)
            c.pset(seat, "pending_tokens", c.p(seat).pending_tokens + (f"G:{col}",))
            c.log(f"{name_of(s, seat)} takes {T.token(f'G:{col}')}.")
        else:
            c.log(f"No Government Research token of {T.weather(col)} is left.")
            take_investment(c, seat)
    elif name == "gov_part":
        col, row, colour = a
        c.set(("gov_grid", col, row), f"P{colour}")
        c.log(f"{name_of(s, seat)} places {T.part(colour)} where the Subsidy tile was.")
    elif name == "gov_check":
        government_runs(c, a[0])
    elif name == "secure":
        col, row = a
        tile = int(s.gov_grid[col][row][1:-1])
        c.set(("gov_grid", col, row), f"S{tile}-")
        gain(c, seat, D.gov_column_benefit[col] + D.gov_row_benefit[row]
             + (D.subsidy_types[D.subsidy_tiles[tile]],))
    elif name == "work":
        work_on_experiment(c, seat, a[0], a[1])
    elif name == "publish":
        publish(c, seat, a[0], a[1])
    elif name == "research":
        research(c, seat, a[0], a[1])
    elif name == "research_end":
        research_end(c, seat, a[0], a[1])
    elif name == "breakthrough":
        row = a[0]
        w = B.row_weather(c.p(seat), row)
        c.set(("pl", seat, "breakthrough", row), 2)
        c.push(("bt_space", seat, w))
    elif name == "prototype_do":
        finish_prototype(c, seat, *a)
    elif name == "award":
        take_award(c, seat, a[0])
    elif name == "lock":
        remove_lock(c, seat, a[0])
    elif name == "exp_return":
        b, e = a
        bots = sum(1 for x in s.lab[b] if x == seat)
        if B.vouchers_feasible(c.p(seat).vouchers, [(V_SCI, D.experiments[e].science)]):
            c.push(("exp_pay", seat, e, bots, b))
        else:
            c.log(f"{name_of(s, seat)} cannot pay the {T.voucher(V_SCI, D.experiments[e].science)} of "
                  f"{T.experiment(e)}, even by Science Exchanges, and gains no reward.")
        return_lab_bots(c, seat, b)
    elif name == "say":
        c.log(a[0])
    elif name == "exp_reward":
        e, bots, branch = a
        score(c, seat, D.experiments[e].cp * bots,
              f"for {T.plural(bots, 'Bot')} in the experiment, {D.experiments[e].cp} CP each")
        c.push(("exp_benefit", seat, e), fx(seat, "exp_token", branch))
    elif name == "exp_token":
        b = a[0]
        if s.lab_tokens[b] > 0:
            c.set(("lab_tokens", b), s.lab_tokens[b] - 1)
            tok = f"L:{b}"
            if B.token_spaces(c.p(seat), tok):
                c.pset(seat, "pending_tokens", c.p(seat).pending_tokens + (tok,))
                c.log(f"{name_of(s, seat)} takes {T.token(tok)} and must place it at once.")
                c.push(("place_now", seat, tok))
            else:
                c.set(("removed_tokens",), c.s.removed_tokens + 1)
                c.log(f"{name_of(s, seat)} takes {T.token(tok)} but has no legal space for it: "
                      "it is removed from the game.")
        else:
            c.log(f"No Lab Research token of {T.weather(b)} is left: {name_of(s, seat)} gains a Science Voucher instead.")
            gain_vouchers(c, seat, V_SCI, 1)
    elif name == "exp_end":
        experiment_end(c, a[0], a[1])
    elif name == "lativ_back":
        lativ_bots_back(c, a[0])
    elif name == "prepare":
        prepare_next(c)
    elif name == "phase_b":
        phase_b(c)
    elif name == "phase_c":
        phase_c(c)
    elif name == "income":
        income(c, seat)
    elif name == "lativ_home":
        lativ_home(c)
    elif name == "start_round":
        start_round(c)
    elif name == "end_supply_round":
        c.set(("turn_order",), c.s.initiative)
        c.log("The Post-Setup Supply Round ends.")
        start_round(c)
    elif name == "final_scoring":
        c.set(("phase",), "over")
        c.set(("stack",), ())
        for line in sorted(final_scores(c.s), key=lambda x: (x.rank, x.seat)):
            parts = ", ".join(f"{k} {v}" for k, v in line.breakdown if v)
            c.log(f"Final scoring: {name_of(c.s, line.seat)} has {line.total} CP"
                  f"{': ' + parts if parts else ''}; place {line.rank}.")
    elif name == "move_lativ":
        move_lativ(c)
    else:
        raise AssertionError(f"unknown fx {name}")


def advance_flow(c: Ctx) -> None:
    """Run automatic steps until a seat must choose (or the game is over)."""
    for _ in range(10_000):
        if c.s.phase == "over" or not c.s.stack:
            return
        top = c.top()
        if top[0] == "fx":
            c.pop()
            run_fx(c, top)
            continue
        if top[0] == "tokens":
            p = c.p(top[1])
            # "If you are unable to legally place a Research token, remove it from the game."
            stuck = [t for t in p.pending_tokens if not B.token_spaces(p, t)]
            if stuck:
                for t in stuck:
                    c.log(f"{name_of(c.s, top[1])} has no legal space for {T.token(t)}: it is removed from the game.")
                c.pset(top[1], "pending_tokens", tuple(t for t in p.pending_tokens if t not in stuck))
                c.set(("removed_tokens",), c.s.removed_tokens + len(stuck))
                continue
        if resolved_meanwhile(c, top):
            continue
        # an Award token that could interrupt the step keeps no step open and answers none
        opts = own_options(c.s, top)
        if not opts:
            c.pop()  # nothing can be gained or done here ("gain only what you can")
            continue
        if top[0] == "turn_sub" and all(isinstance(o, (Done, PlaceToken)) for o in opts):
            c.pop()  # no Subsidy or Investment tile to use
            continue
        if top[0] == "tokens" and opts == [Done(top[1])]:
            c.pop()
            continue
        if len(opts) == 1 and top[0] in ("pay", "xchem", "xpart", "return_extra", "to_line",
                                          "take_subsidy", "place_now", "extra", "bt_space"):
            c.log(describe(c.s, opts[0]) + ".")
            handle(c, top, opts[0])
            continue
        return
    raise RuntimeError("automatic steps do not end")


def resolved_meanwhile(c: Ctx, top: tuple) -> bool:
    """An exchange step whose need an Award placed in the middle of the action has met: "Whenever
    you need to pay a Machine Part [a Chemical], and you do not have one of the required type,
    you may pay any 2 Vouchers to exchange" (Executive Exchanges) - once you have one, there is
    no exchange to make. The Part is then paid as usual (by Sell a Part step 4); the Chemical of
    Research is paid now, as ``research`` does when you have it. (Only an Award's benefit can
    bring this about: these steps are pushed only when the Part or Chemical is missing.)"""
    kind, seat = top[0], top[1]
    p = c.p(seat)
    if kind == "xpart" and p.parts[top[2]] > 0:
        c.pop()
        c.log(f"{name_of(c.s, seat)} now has {T.part(top[2])}: no Machine Parts Exchange is needed.")
        return True
    if kind == "xchem" and p.chemicals[top[2]] > 0:
        _k, _s, w, b, i = top
        c.pop()
        c.padd(seat, "chemicals", -1, w)
        c.set(("rnd_chem", b, i), w)
        c.log(f"{name_of(c.s, seat)} now has {T.chemical(w)} and pays it: no Chemicals Exchange is needed.")
        return True
    return False
