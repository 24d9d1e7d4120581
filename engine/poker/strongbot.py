"""The strong house bot: Monte Carlo over the cards it has not seen.

At each decision it imagines the other players' hands (``ranges.sample_worlds``: sampled from the unseen cards,
weighted by how likely each player was to bet and draw as they did), plays the draws still to come in each, and
scores every choice it has by the chance of winning the game it leads to (``stakes``): folds it can make others make
(by the model's folding), showdowns it wins or loses, Lucre paid and won. The draw tries every way to exchange cards
on the same imagined worlds and keeps the best. Its only inputs are its seat's view, what its seat has seen
(``knowledge.SeatMemory``) and its legal moves; its randomness is the generator it is given."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any, NamedTuple

from engine.poker import moves as mv
from engine.poker.botview import (
    cheapest_pawn, dealers_pick, hand_cards, hand_options, meld_rules, my_seat, spit_cards,
)
from engine.poker.cards import DECK, Card, parse_card
from engine.poker.housebots import flip_from_meld
from engine.poker.knowledge import HAND_SIZE, BotSeat, SeatMemory
from engine.poker.melds import read_meld
from engine.poker.ranges import (
    MODEL, Model, Rules, World, band, beats_fresh, fold_chance, model_draw, sample_worlds,
)
from engine.poker.stakes import LUCRE_SHARE, Stakes

PRE_DRAW = ("choosing", "declaring", "flipping")


class Params(NamedTuple):
    """How hard the strong bot thinks (worlds imagined a decision) and what it assumes."""

    worlds: int = 64
    """Worlds imagined for a decision (fewer at a table of many, so that a decision stays quick)."""
    draw_worlds: int = 12
    """Worlds for the first look at every way to draw; the best few are then tried on ``final_worlds``."""
    draw_finalists: int = 4
    final_worlds: int = 128
    lucre_share: float = LUCRE_SHARE
    draw_bonus: float = 0.15
    """Staying in to draw: what a draw is worth to each later hand we keep our cards for, as a share of its swing."""
    future_share: float = 0.7
    """Drawing, how much of a later hand's swing the chance of our cards beating a fresh hand's is worth."""
    late_bet: float = 0.9
    """Before the last betting round, how much of the model's folding to a bet then we count on: a hand we would
    lose at the showdown still wins when its players fold their weak hands to our bet (their band at the
    showdown)."""
    sit_out: float = 0.16
    """Two players, the other dealing: what declaring out is worth to the next hand, which we deal, as a share of its
    swing (the dealer then keeps an undrawn hand against our fresh seven instead of one drawn to)."""
    model: Model = MODEL


PARAMS = Params()


@dataclass(slots=True)
class Outlook:
    """A decision's imagined worlds, and what the bot makes of each."""

    worlds: list[World]
    mine: list[tuple[int, int, int]]
    """Our own meld's score at the showdown in each world (after our draw, if it is still to come)."""
    stakes: Stakes
    players: list[str]
    seat: int
    drawing: bool
    """Our draw is still to come."""
    late: float = 0.0
    """The share of the model's folding after the draw that a betting round still to come brings (0: none)."""
    model: Model = MODEL

    def total(self) -> float:
        return sum(world.weight for world in self.worlds) or 1.0

    def beats(self, w: int, player: str) -> float:
        """Our chance against ``player`` in world ``w``: the showdown, or their folding to a later bet."""
        world = self.worlds[w]
        return _against(self.mine[w], world.final[player], self.late * self.model.fold_late[world.ends[player]])

    def other(self, w: int) -> float:
        """What it is worth to us that the strongest other player in world ``w`` wins the hand."""
        finals = self.worlds[w].final
        if not finals:
            return self.stakes.none
        best = max(finals, key=lambda name: finals[name])
        return self.stakes.won[self.players.index(best)]


def _against(mine: tuple[int, int, int], theirs: tuple[int, int, int], folds: float) -> float:
    """Our chance against a player with score ``theirs`` at the showdown who folds to a later bet this often."""
    won = 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    return won + (1.0 - won) * folds


def strong_move(seat: BotSeat, rng: random.Random, params: Params = PARAMS) -> mv.Move:
    """The strong bot's move."""
    view, legal = seat.view, seat.legal
    phase = view["phase"]
    if phase == "showdown" or len(legal) == 1:
        return mv.MELD_AUTO if phase == "showdown" else legal[0]
    if phase == "choosing":
        return dealers_pick(view, legal, rng.randrange(len(legal)))
    if phase == "flipping":
        cards = hand_cards(view)
        indices = _indices(cards, _rules(view).reading(cards).cards)
        return flip_from_meld(cards, (None, indices) if indices else None, legal)  # type: ignore[arg-type]
    choices = appraise(seat, rng, params)
    best = choices[0][1]
    if best == mv.IN and mv.IN not in legal or best == mv.CALL and mv.CALL not in legal:
        return _paying(view, legal, {move: worth for worth, move in choices})
    return best


def appraise(seat: BotSeat, rng: random.Random, params: Params = PARAMS,
             also: mv.Move | None = None) -> list[tuple[float, mv.Move]]:
    """What each choice worth weighing is worth (the chance of winning the game it leads to, an estimate), best
    first: declaring, betting (``in`` and ``call`` even when they need a pawn first) and drawing; ``also`` is
    weighed too if it is not among them."""
    view, legal, memory = seat.view, seat.legal, seat.memory
    cards = hand_cards(view)
    rules = _rules(view)
    if view["phase"] == "drawing":
        return _draws(view, legal, memory, rng, params, cards, rules, also)
    outlook = _outlook(view, memory, rng, params, cards, rules)
    if view["phase"] == "declaring":
        choices = _declare(view, outlook, params)
    else:
        choices = _bet(view, legal, outlook, params, also)
        choices += _split_opens(seat, outlook, params, cards, rules, also)
    return sorted(choices, key=lambda choice: -choice[0])


def _paying(view: dict[str, Any], legal: Sequence[mv.Move], choices: dict[mv.Move, float]) -> mv.Move:
    """The best choice needs more Lucre than we have: pawn what costs least to lose, or else tap out (it costs a
    base) when that is still worth more than folding, or fold (declare out)."""
    pawn = cheapest_pawn(legal)
    if pawn is not None:
        return pawn
    if view["phase"] == "declaring":
        return mv.OUT
    if mv.TAP_OUT in legal and choices.get(mv.TAP_OUT, -1.0) > choices.get(mv.FOLD, 0.0):
        return mv.TAP_OUT
    return mv.FOLD


def _indices(cards: list[Card], chosen: Sequence[Card]) -> tuple[int, ...]:
    taken: list[int] = []
    for card in chosen:
        found = next((i for i, held in enumerate(cards) if held == card and i not in taken), None)
        if found is not None:
            taken.append(found)
    return tuple(taken)


def _rules(view: dict[str, Any]) -> Rules:
    options = hand_options(view)
    spit = spit_cards(view)
    return Rules(meld_rules(view), options.low_showdown, options.max_draw, spit[0] if spit else None)


def _opponents(view: dict[str, Any], memory: SeatMemory) -> tuple[dict[str, int], set[str]]:
    """The other players who are (or may yet be) in the hand, with their cards, and those whose draw is to come."""
    you = view["you"]
    declaring = view["phase"] == "declaring"
    players = {}
    for seat in view["seats"]:
        name = seat["name"]
        if name == you or seat["out"] is not None:
            continue
        joining = declaring and (seat["state"] == "" or name == view["dealer"])
        if seat["state"] in ("in", "tapped out") or joining:
            players[name] = HAND_SIZE if joining else seat["cards"]
    draws = not hand_options(view).showdown_straight and (view["phase"] in PRE_DRAW or view["phase"] == "drawing"
                                                           or view["round"] == 1)
    to_draw = {name for name in [*players, you] if draws and name not in memory.drew}
    return players, to_draw


def _outlook(view: dict[str, Any], memory: SeatMemory, rng: random.Random, params: Params, cards: list[Card],
             rules: Rules, count: int | None = None, ours: bool = True) -> Outlook:
    """Imagined worlds for this decision, and (``ours``) our own meld at the showdown in each: our cards, the ones we
    cannot see yet (blind betting, or the top-up to come when declaring) from the world, then our draw if it is
    still to come (the model's draw)."""
    players, to_draw = _opponents(view, memory)
    count = count or max(24, params.worlds * 2 // (1 + len(players)))
    worlds = sample_worlds(memory, rules, cards, players, to_draw, rng, count, params.model)
    unseen = sum(text == "?" for text in view["hand"])
    missing = HAND_SIZE - len(view["hand"]) + unseen if view["phase"] == "declaring" else unseen
    mine = []
    for world in worlds if ours else ():
        held = cards + world.rest[:missing]
        if view["you"] in to_draw:
            kept, given = model_draw(rules, held)
            held = kept + world.rest[missing:missing + given]
        mine.append(rules.score(held))
    names = [seat["name"] for seat in view["seats"]]
    bases = tuple(seat["bases"] for seat in view["seats"])
    stakes = Stakes(bases, hand_options(view).bases_to_win, names.index(view["you"]), params.lucre_share)
    late = params.late_bet if view["phase"] in (*PRE_DRAW, "drawing") or view["round"] == 1 else 0.0
    return Outlook(worlds, mine, stakes, names, names.index(view["you"]), view["you"] in to_draw, late, params.model)


def _declare(view: dict[str, Any], outlook: Outlook, params: Params) -> list[tuple[float, mv.Move]]:
    """In is worth the showdown to come less the ante; out, nothing changes when nobody else comes in (the dealer
    takes no base), else one of the others takes the hand."""
    stakes = outlook.stakes
    ante = hand_options(view).rate("ante")
    others = set(outlook.worlds[0].final) if outlook.worlds else set()
    undeclared = [seat for seat in view["seats"] if seat["state"] == "" and seat["name"] != view["you"]
                  and seat["out"] is None]
    pot = view["warp"] + ante * (1 + len(undeclared))
    value_in = _showdown_value(outlook, pot, others) - stakes.lucre * ante
    came = [seat for seat in view["seats"] if seat["state"] == "in" and seat["name"] != view["dealer"]]
    value_out = stakes.none if not came and not undeclared else _average_other(outlook)
    if len(outlook.players) == 2 and view["dealer"] != view["you"]:
        value_out += params.sit_out * (stakes.won[outlook.seat] - stakes.won[1 - outlook.seat])
    value_in += params.draw_bonus * _keeping(view, outlook)
    return [(value_in, mv.IN), (value_out, mv.OUT)]  # of equal worth, in


def _keeping(view: dict[str, Any], outlook: Outlook) -> float:
    """The worth of winning the hands after this one that we keep our cards for (they stay with us until we deal
    again), each at a hand's swing: a draw now makes them better for all of them."""
    playing = [seat["name"] for seat in view["seats"] if seat["out"] is None]
    if view["dealer"] not in playing or view["you"] not in playing:
        return 0.0
    after = (playing.index(view["you"]) - playing.index(view["dealer"])) % len(playing) or len(playing)
    stakes = outlook.stakes
    others = [value for j, value in enumerate(stakes.won) if j != outlook.seat]
    return (after - 1) * (stakes.won[outlook.seat] - sum(others) / max(1, len(others)))


def _average_other(outlook: Outlook) -> float:
    total = outlook.total()
    return sum(world.weight * outlook.other(w) for w, world in enumerate(outlook.worlds)) / total


def _showdown_value(outlook: Outlook, pot: int, callers: set[str]) -> float:
    """The worth of going to the showdown against ``callers`` for a Warp of ``pot`` (paid already)."""
    stakes = outlook.stakes
    total = 0.0
    for w, world in enumerate(outlook.worlds):
        win = 1.0
        for player in callers:
            win *= outlook.beats(w, player)
        total += world.weight * (win * (stakes.won[outlook.seat] + stakes.lucre * pot) + (1 - win) * outlook.other(w))
    return total / outlook.total()


def _bet_value(outlook: Outlook, view: dict[str, Any], model: Model, pot: int, cost: int, price: int) -> float:
    """The worth of putting in ``cost`` now that the others must call ``price`` of (0: a call or a check, no one
    folds), with ``pot`` in the Warp before it. A tapped-out player calls free."""
    stakes = outlook.stakes
    tapped = {seat["name"] for seat in view["seats"] if seat["state"] == "tapped out"}
    callers = list(outlook.worlds[0].final) if outlook.worlds else []
    late = view["round"] == 2
    mine = stakes.won[outlook.seat]
    total = 0.0
    for w, world in enumerate(outlook.worlds):
        all_fold, showdown, called = 1.0, 1.0, 0.0
        for player in callers:
            folds = 0.0 if price == 0 or player in tapped else fold_chance(
                model, world.levels[player], price, pot + cost, late)
            all_fold *= folds
            showdown *= folds + (1 - folds) * outlook.beats(w, player)
            called += (1 - folds) * price
        win = showdown - all_fold if callers else 1.0
        won_pot = pot + cost
        value = all_fold * (mine + stakes.lucre * won_pot) + win * (mine + stakes.lucre * (won_pot + called))
        total += world.weight * (value + (1 - all_fold - win) * outlook.other(w))
    return total / outlook.total() - stakes.lucre * cost


def _bet(view: dict[str, Any], legal: Sequence[mv.Move], outlook: Outlook, params: Params,
         also: mv.Move | None) -> list[tuple[float, mv.Move]]:
    me = my_seat(view)
    pot = view["warp"]
    price = max(0, view["high_bet"] - me["bet"])
    tapped = me["state"] == "tapped out"
    choices: list[tuple[float, mv.Move]] = []
    if mv.CHECK in legal:
        choices.append((_bet_value(outlook, view, params.model, pot, 0, 0), mv.CHECK))
    if price or mv.CALL in legal:
        choices.append((_bet_value(outlook, view, params.model, pot, 0 if tapped else price, 0), mv.CALL))
    if mv.TAP_OUT in legal:
        base = outlook.stakes.won[outlook.seat] - outlook.stakes.none
        tap = _bet_value(outlook, view, params.model, pot, me["lucre"], 0) - base
        choices.append((tap, mv.TAP_OUT))
    bets = _sizes(legal, pot)
    if isinstance(also, (mv.Open, mv.Raise)) and also not in bets:
        bets.append(also)
    for move in bets:
        by = move.amount if isinstance(move, mv.Open) else move.by
        choices.append((_bet_value(outlook, view, params.model, pot, price + by, by), move))
    if outlook.drawing:  # staying in brings the draw
        keep = params.draw_bonus * _keeping(view, outlook)
        choices = [(value + keep, move) for value, move in choices]
    return [*choices, (_average_other(outlook), mv.FOLD)]  # last: of equal worth, anything but folding


def _split_opens(seat: BotSeat, outlook: Outlook, params: Params, cards: list[Card], rules: Rules,
                 also: mv.Move | None) -> list[tuple[float, mv.Move]]:
    """Opening the first round while splitting openers: show cards of the hand that make openers on their own and
    that our draw would give up anyway, and exchange them all now - a draw before the draw. Weighed with our meld at
    the showdown after both."""
    view = seat.view
    opens = [move for move in seat.legal if isinstance(move, mv.Open)]
    if not opens or view["round"] != 1 or not hand_options(view).openers_needed or not outlook.drawing:
        return []
    given = _openers_to_split(cards, rules, [parse_card(text) for text in my_seat(view)["flipped"]])
    if not given:
        return []
    ids = tuple(seat.cards[i] for i in given)
    spare = [cards[i] for i in given]
    kept = [card for i, card in enumerate(cards) if i not in given]
    mine = []
    for world in outlook.worlds:
        held = kept + world.rest[:len(spare)]
        after, count = model_draw(rules, held)
        mine.append(rules.score(after + world.rest[len(spare):len(spare) + count]))
    split = replace(outlook, mine=mine)
    me = my_seat(view)
    price = max(0, view["high_bet"] - me["bet"])
    sizes = [move.amount for move in _sizes(opens, view["warp"])]  # type: ignore[union-attr]
    if isinstance(also, mv.Open) and also.shown:
        sizes.append(also.amount)
    keep = params.draw_bonus * _keeping(view, outlook)
    return [(_bet_value(split, view, params.model, view["warp"], price + size, size) + keep,
             mv.Open(size, ids, ids)) for size in dict.fromkeys(sizes)]


def _openers_to_split(cards: list[Card], rules: Rules, flipped: list[Card]) -> tuple[int, ...]:
    """The most cards (indices) outside our best meld that make openers on their own, none of them flipped."""
    reading = rules.reading(cards)
    keep = Counter(reading.cards)
    if sum(card.kind == "C" for card in cards) >= 2 and band(reading.key) < 2:
        keep[Card("C")] = 5
    keep += Counter(flipped)
    spare: list[int] = []
    for i, card in enumerate(cards):
        if keep[card] > 0:
            keep[card] -= 1
        elif card.kind not in ("E", "F"):
            spare.append(i)
    for size in range(min(len(spare), rules.meld.max_meld), 0, -1):
        for chosen in combinations(spare, size):
            meld = read_meld([cards[i] for i in chosen], rules.meld).meld
            if meld is not None and meld.opens():
                return chosen
    return ()


def _sizes(legal: Sequence[mv.Move], pot: int) -> list[mv.Open | mv.Raise]:
    """A few opens or raises worth weighing: the least, about a third, half and the whole of the Warp, the most."""
    bets = [move for move in legal if isinstance(move, (mv.Open, mv.Raise))]
    if not bets:
        return []
    wanted = {1, max(1, pot // 3), max(1, pot // 2), max(1, pot), len(bets)}
    return [bets[min(len(bets), n) - 1] for n in sorted(wanted)]


def _draws(view: dict[str, Any], legal: Sequence[mv.Move], memory: SeatMemory, rng: random.Random, params: Params,
           cards: list[Card], rules: Rules, also: mv.Move | None) -> list[tuple[float, mv.Move]]:
    """Every distinct way to draw, first on a few worlds, the best few then on all of them (the same worlds for
    each, so that they differ only by the draw)."""
    draws: dict[tuple[Card, ...], mv.Draw] = {}
    for move in legal:
        if isinstance(move, mv.Draw):
            draws.setdefault(tuple(sorted(DECK[card] for card in move.cards)), move)
    outlook = _outlook(view, memory, rng, params, cards, rules, params.final_worlds, ours=False)
    flipped = [parse_card(text) for text in my_seat(view)["flipped"]]
    later = params.future_share * _keeping(view, outlook)
    first = outlook.worlds[:params.draw_worlds]
    scored = sorted(draws, key=lambda given: -_draw_value(outlook, first, cards, given, rules, flipped, 0, later))
    finalists = scored[:params.draw_finalists]
    if isinstance(also, mv.Draw):
        played = tuple(sorted(DECK[card] for card in also.cards))
        draws[played] = also
        finalists.append(played)
    pot = view["warp"]
    return sorted(((_draw_value(outlook, outlook.worlds, cards, given, rules, flipped, pot, later), draws[given])
                   for given in dict.fromkeys(finalists)), key=lambda choice: -choice[0])


def _draw_value(outlook: Outlook, worlds: list[World], cards: list[Card], given: tuple[Card, ...], rules: Rules,
                flipped: list[Card], pot: int, later: float) -> float:
    """The worth of a draw if the hand went to the showdown with ``pot`` in the Warp, and (``later``: the worth of
    winning the hands after it we keep these cards for) of the hand it leaves us for those, by how it would fare
    against a fresh hand drawn to (``ranges.reference``)."""
    stakes = outlook.stakes
    kept = list((Counter(cards) - Counter(given)).elements())
    total = weight = 0.0
    for w, world in enumerate(worlds):
        score = rules.score(kept + world.rest[:len(given)], flipped)
        win = 1.0
        for player, theirs in world.final.items():
            win *= _against(score, theirs, outlook.late * outlook.model.fold_late[world.ends[player]])
        value = win * (stakes.won[outlook.seat] + stakes.lucre * pot) + (1 - win) * outlook.other(w)
        if later:
            value += later * beats_fresh(rules, score) ** len(world.final)
        total += world.weight * value
        weight += world.weight
    return total / (weight or 1.0)
