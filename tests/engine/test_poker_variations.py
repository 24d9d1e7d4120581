"""Poker's variations, options and table mechanics: splitting openers, limits, Dealer's Choice, spit and wild cards,
Card Flip, blind betting, showdown straight, lowball and high_low, leaving, timeouts and what each viewer sees."""

from __future__ import annotations

import pytest

from engine.poker import happenings as ev
from engine.poker import moves as mv
from engine.poker.cards import DECK
from engine.poker.pokergame import IllegalMove, PokerGame
from engine.poker.seatview import event_for, table_view
from engine.poker.shuffles import SeededShuffle
from engine.poker.variations import OptionError, PokerOptions
from support.stackeddeck import THREE, Table

WEAK = "A1 A4 A5 A-5 A11 A17 A23"


def three(options: PokerOptions = PokerOptions(), turned: str = "", **hands: str) -> Table:
    cards = {"Ann": "C C C C C C C", "Bob": WEAK, "Cy": "A6 A6 A6 A8 A8 A8 A9"} | hands
    return Table(THREE, "Ann", cards, options=options, turned=turned)


def test_splitting_openers() -> None:
    t = three(Bob="A-6 A20 E F C Kx2 R+2", then="A40")
    t("Bob", "in")
    t("Cy", "in")
    assert t.refusal("Bob", "open 1 split 1 discard 1") == (
        "The cards you show must make openers on their own: a meld of monad 15 or better.")
    assert t.refusal("Bob", "open 1 split 2 discard 1") == "Discard one or more of the cards you show."
    events = t("Bob", "open 1 split 2 discard 2")
    a20 = next(card for card in t.game.state.players["Bob"].hand + t.game.state.discard if DECK[card].text == "A20")
    assert ev.Opened("Bob", 1, ev.Payment(lucre=1), (a20,), (a20,)) in events
    assert [type(e).__name__ for e in events[1:3]] == ["Dealt", "Discarded"]
    assert a20 in t.game.state.discard and len(t.game.state.players["Bob"].hand) == 7
    assert event_for(events[0], None)["shown"] == [a20]


def test_no_splitting_with_blind_openers() -> None:
    t = three(PokerOptions(blind_openers=True), Bob="A-6 A20 E F C Kx2 R+2")
    t("Bob", "in")
    t("Cy", "in")
    assert t.refusal("Bob", "open 1 split 2 discard 2") is not None
    assert t.refusal("Cy", "check") is not None  # not Cy's turn
    assert t.refusal("Bob", "open 1") is None


def test_bet_or_drop_refuses_checks() -> None:
    t = three(PokerOptions(bet_or_drop=True))
    t("Bob", "in")
    t("Cy", "in")
    assert t.refusal("Bob", "check") == "No checking at this table (bet_or_drop): open or fold."
    assert mv.CHECK not in t.game.legal_actions("Bob") and mv.FOLD in t.game.legal_actions("Bob")


def test_raise_cap_and_fixed_limit() -> None:
    t = three(PokerOptions(max_raises=1, bet_limit=3))
    t("Bob", "in")
    t("Cy", "in")
    t("Bob", "check")
    assert t.refusal("Cy", "open 4") == "Bet limit: you may open by 1 to 3."
    t("Cy", "open 3")
    t("Ann", "raise 3")
    assert t.refusal("Bob", "raise 1") == "This round has had its 1 raise(s): call or fold."
    assert t.refusal("Bob", "call") is None


def test_no_limit() -> None:
    t = three(PokerOptions(bet_limit="none"))
    t("Bob", "in")
    t("Cy", "in")
    t("Bob", "check")
    assert t.refusal("Cy", "open 8") is None
    assert t.refusal("Cy", "open 9").startswith("That costs 9 Lucre")  # type: ignore[union-attr]


def test_dealers_choice_for_one_hand() -> None:
    t = three(PokerOptions(dealers_choice=True))
    assert t.game.state.phase == "choosing" and t.game.waiting_on() == ("Ann",)
    assert t.refusal("Ann", "choose combos") == "Combos needs pairs: two-pair and full house are made of pairs."
    assert t.refusal("Ann", "choose bases_to_win=3") is not None
    assert t.refusal("Ann", "choose max_draw=3") is None
    assert t.refusal("Ann", "choose pairs=off") == (
        "Dealer's Choice only switches options on (or raises them), never off or lower.")
    events = t("Ann", "choose lowball pairs")
    assert t.game.state.hand_options.lowball and t.game.state.hand_options.pairs
    assert isinstance(events[0], ev.OptionsChosen)
    t("Bob", "out")
    t("Cy", "out")
    assert not t.game.state.hand_options.lowball  # the next hand: the table's options again
    assert t.game.waiting_on() == ("Bob",)


def test_spit_card_counts_for_everyone() -> None:
    t = three(PokerOptions(spit=True), turned="A40")
    assert table_view(t.game.state, None)["spit"] == "A40"
    t("Bob", "in")
    t("Cy", "in")
    assert t.refusal("Bob", "open 1") is None  # the spit A40 gives openers
    t("Bob", "check")
    t("Cy", "check")
    t("Ann", "check")
    for name in ("Bob", "Cy", "Ann"):
        t(name, "draw")
    for name in ("Bob", "Cy", "Ann"):
        t(name, "check")
    t("Bob", "meld auto")
    t("Cy", "meld auto")
    events = t("Ann", "meld auto")
    exposed = {e.player: e.meld for e in events if isinstance(e, ev.MeldExposed)}
    assert exposed == {"Bob": "monad 40", "Cy": "monad 40", "Ann": "monad 40"}  # the spit card must be in every meld
    assert any(isinstance(e, ev.HandWon) and e.player == "Bob" for e in events)  # the first exposed of equals
    assert "A40" in [DECK[card].text for card in t.game.state.discard]  # the next hand turned a new spit card


def test_turned_wild_card() -> None:
    t = three(PokerOptions(wild="turned"), turned="A8", Bob="A8 A1 E F E F C", Cy="A6 A6 A6 A9 A9 A9 A12")
    assert t.game.state.wild == 8
    t("Bob", "in")
    t("Cy", "in")
    assert t.refusal("Bob", "open 1") is None  # A8 stands for A40


def test_card_flip() -> None:
    t = three(PokerOptions(flip=1))
    t("Bob", "in")
    t("Cy", "in")
    assert t.game.state.phase == "flipping" and t.game.waiting_on() == ("Bob",)
    t("Bob", "flip 1")
    t("Cy", "flip 7")
    t("Ann", "flip 1")
    seat = table_view(t.game.state, None)["seats"][1]
    assert seat["flipped"] == ["A-5"]
    t("Bob", "check")
    t("Cy", "check")
    t("Ann", "check")
    assert t.refusal("Bob", "draw 1") == "Flipped cards cannot be discarded."
    for name in ("Bob", "Cy", "Ann"):
        t(name, "draw")
    for name in ("Bob", "Cy", "Ann"):
        t(name, "check")
    assert t.refusal("Cy", "meld 1 2 3") == "Your flipped cards must be in your meld."
    t("Cy", "meld auto")
    assert t.game.state.players["Cy"].picked.cards == tuple(sorted(t.game.state.players["Cy"].flipped))  # type: ignore[union-attr]


def test_blind_betting_hides_new_cards_until_the_first_round_ends() -> None:
    t = three(PokerOptions(blind_betting=True))
    assert table_view(t.game.state, "Bob")["hand"] == ["?"] * 7
    t("Bob", "in")
    t("Cy", "in")
    assert t.refusal("Bob", "open 1") is None  # no openers needed
    t("Bob", "check")
    t("Cy", "check")
    t("Ann", "check")
    assert "?" not in table_view(t.game.state, "Bob")["hand"]


def test_showdown_straight_skips_the_first_round_and_the_draw() -> None:
    t = three(PokerOptions(showdown_straight=True))
    t("Bob", "in")
    events = t("Cy", "in")
    assert events[-1] == ev.RoundStarted(2, ("Bob", "Cy", "Ann"))


def test_lowball_case_as_a_game() -> None:
    t = Table(("Ann", "Bob"), "Bob", {"Ann": "A4 A9 A14 A30 A40 E F", "Bob": "A6 A11 A20 A23 C E F"},
              options=PokerOptions(lowball=True))
    t("Ann", "in")
    t("Ann", "check")
    t("Bob", "check")
    t("Ann", "draw")
    t("Bob", "draw")
    t("Ann", "check")
    t("Bob", "check")
    assert t.refusal("Ann", "meld 1 2 3") == "Expose 5 challenge cards (Attack or Compromise), no Kickers or Reinforcements."
    t("Ann", "meld 1 2 3 4 5")
    events = t("Bob", "meld 1 2 3 4 5")
    assert [(e.player, e.meld) for e in events if isinstance(e, ev.MeldExposed)] == [("Ann", "triad 14"),
                                                                                     ("Bob", "monad 23")]
    assert next(e for e in events if isinstance(e, ev.HandWon)).player == "Bob"


def test_high_low_splits_the_base_and_the_lucre() -> None:
    t = Table(("Ann", "Bob"), "Bob", {"Ann": "A4 A9 A14 A30 A40 E F", "Bob": "A6 A11 A20 A23 C E F"},
              options=PokerOptions(high_low=True))
    t("Ann", "in")
    for name, command in (("Ann", "check"), ("Bob", "check"), ("Ann", "draw"), ("Bob", "draw"), ("Ann", "check"),
                          ("Bob", "check"), ("Ann", "meld 1 2 3 4 5")):
        t(name, command)
    events = t("Bob", "meld 1 2 3 4 5")
    won = [e for e in events if isinstance(e, ev.HandWon)]
    assert [(e.player, e.lucre, e.base) for e in won] == [("Bob", 2, False), ("Ann", 0, True)]


def test_eon_rates() -> None:
    t = three(PokerOptions(rates="eon"))
    t("Bob", "in")
    assert t.warp == 1
    t2 = three(PokerOptions(rates="eon"))
    t2("Bob", "out")
    assert ev.PassedOut("Ann", 1) in t2("Cy", "out")


@pytest.mark.parametrize(("options", "reason"), [
    ({"combos": "on"}, "combos needs pairs"),
    ({"lowball": "on", "high_low": "on"}, "lowball and high_low cannot be played together"),
    ({"flip": "1", "blind_betting": "on"}, "flip cannot be played with blind_betting"),
    ({"max_draw": "9"}, "max_draw"),
    ({"wild": "3"}, "wild"),
    ({"colour": "red"}, "no poker option"),
])
def test_refused_options(options: dict[str, str], reason: str) -> None:
    with pytest.raises(OptionError, match=f"(?i){reason}"):
        PokerOptions.from_options(options)


def test_options_from_text() -> None:
    options = PokerOptions.from_options({"bases_to_win": "3", "bet_limit": "none", "wild": "7", "pairs": "on"})
    assert (options.bases_to_win, options.bet_limit, options.wild, options.pairs) == (3, "none", 7, True)
    assert PokerOptions.from_options({"bet_limit": "4"}).bet_limit == 4


def test_leaving_folds_the_hand_and_the_last_player_wins() -> None:
    t = three()
    t("Bob", "in")
    t("Cy", "in")
    t.game.apply(None, mv.Leave("Bob", "left the table"), t.source)
    assert t.game.waiting_on() == ("Cy",)
    assert t.game.state.players["Bob"].out == "left the table" and not t.game.state.players["Bob"].hand
    assert t.game.why_not("Ann", mv.Leave("Cy", "x")) == "Only the table can remove another player."
    events = t.game.apply("Cy", mv.Leave("Cy", "left the table"), t.source)
    assert events[-1] == ev.GameOver("Ann", "is the last player left in the game")


def test_timeout_actions() -> None:
    t = three(PokerOptions(flip=1))
    assert t.game.timeout_action("Bob") == mv.OUT
    assert t.game.timeout_action("Cy") is None
    t("Bob", "in")
    t("Cy", "in")
    assert isinstance(t.game.timeout_action("Bob"), mv.Flip)
    for name in ("Bob", "Cy", "Ann"):
        t.game.apply(name, t.game.timeout_action(name), t.source)  # type: ignore[arg-type]
    assert t.game.timeout_action("Bob") == mv.CHECK
    for name in ("Bob", "Cy", "Ann"):
        t.game.apply(name, t.game.timeout_action(name), t.source)  # type: ignore[arg-type]
    assert t.game.timeout_action("Bob") == mv.KEEP_ALL


def test_illegal_moves_raise_with_the_reason() -> None:
    t = three()
    with pytest.raises(IllegalMove, match="It is not your turn; it is Bob's."):
        t.game.apply("Cy", mv.IN, t.source)
    with pytest.raises(IllegalMove, match="You are not playing in this game."):
        t.game.apply("Zed", mv.IN, t.source)


def test_a_watcher_sees_public_state_only() -> None:
    source = SeededShuffle(3)
    game = PokerGame.start(["Ann", "Bob", "Cy"], PokerOptions(), source)
    watcher = table_view(game.state, None)
    assert "hand" not in watcher and all(seat["cards"] == 7 for seat in watcher["seats"])
    mine = table_view(game.state, "Bob")
    assert len(mine["hand"]) == 7 and mine["you"] == "Bob"
    dealt = [e for e in game.events if isinstance(e, ev.Dealt)]
    assert all("cards" not in event_for(e, None) for e in dealt)
    assert [("cards" in event_for(e, "Bob")) for e in dealt] == [e.player == "Bob" for e in dealt]
    assert event_for(game.events[1], "Bob") == {"type": "Shuffled", "cards": 78}


def test_the_discard_pile_is_reshuffled_when_the_deck_runs_out() -> None:
    from support.pokerrandom import play

    reshuffles = sum(isinstance(e, ev.Shuffled) for seed in range(40) for e in play(seed, 6, PokerOptions(), False).events)
    assert reshuffles > 40


def test_the_package_example_runs() -> None:
    import doctest

    import engine.poker

    assert doctest.testmod(engine.poker).failed == 0


def test_you_may_lists_exact_commands() -> None:
    from engine.poker.wording import you_may

    t = three()
    t("Bob", "in")
    t("Cy", "in")
    assert you_may(t.game, "Bob")[:3] == ["check", "fold", "open 1"]
    assert "open 4" in you_may(t.game, "Bob") and "open 5" not in you_may(t.game, "Bob")
    assert you_may(t.game, "Cy") == [] and you_may(t.game, "Zed") == []


def test_a_player_with_no_challenge_card_flips_none() -> None:
    t = three(PokerOptions(flip=1), Bob="E F E F Kx2 R+2 Kx3")
    t("Bob", "in")
    t("Cy", "in")
    assert t.game.legal_actions("Bob") == (mv.Flip(()),)
    t("Bob", "flip")
    assert t.game.waiting_on() == ("Cy",)


def test_items_named_are_forgotten_when_the_turn_ends() -> None:
    t = three()
    t("Bob", "pawn token")
    assert t.game.state.players["Bob"].pawn == ["token"]
    t("Bob", "out")
    assert t.game.state.players["Bob"].pawn == []
    assert t.refusal("Cy", "pawn clear") == "You have named nothing to pawn."
