"""POKER-RULES.md's betting test cases A to G, played move by move as players type them, on stacked decks."""

from __future__ import annotations

import pytest

from engine.poker import happenings as ev
from engine.poker.cards import DECK
from engine.poker.wording import read_command
from support.stackeddeck import FOUR, THREE, Table


def example_a() -> Table:
    return Table(FOUR, "Ann", {
        "Ann": "C C C C C E F",
        "Bob": "A1 A7 A13 A-6 A40 C E",
        "Cy": "A0 A10 A20 E F E F",
        "Dee": "C C C C C C A4",
    })


def test_a_full_hand() -> None:
    t = example_a()
    t("Bob", "in")
    t("Cy", "in")
    t("Dee", "out")
    assert t.warp == 4
    t("Bob", "check")
    assert t.refusal("Cy", "open 5") == "Pot limit: you may open by at most 4 (the Lucre in the Warp)."
    t("Cy", "open 2")
    assert t.warp == 6
    assert t.refusal("Ann", "check") is not None
    t("Ann", "call")
    t("Bob", "call")
    assert t.warp == 10 and t.game.state.phase == "drawing"
    for name in ("Bob", "Cy", "Ann"):
        t(name, "draw")
    assert t.game.waiting_on() == ("Cy",)
    t("Cy", "check")
    t("Ann", "open 3")
    assert t.warp == 13
    t("Bob", "fold")
    assert t.refusal("Cy", "raise 17") == "Pot limit: you may raise by at most 16 (the Lucre in the Warp plus your call of 3)."
    t("Cy", "raise 2")
    assert t.warp == 18
    t("Ann", "call")
    assert t.warp == 20 and t.game.state.phase == "showdown"
    assert t.game.state.expose_order == ("Cy", "Ann")
    t("Ann", "meld auto")
    events = t("Cy", "meld auto")
    exposed = [(e.player, e.meld) for e in events if isinstance(e, ev.MeldExposed)]
    assert exposed == [("Cy", "triad 20"), ("Ann", "Compromise pentad")]
    assert t.lucre() == {"Ann": 23, "Bob": 6, "Cy": 1, "Dee": 10}
    assert t.bases("Ann") == 1 and t.warp == 0


def test_b_tapping_out() -> None:
    t = Table(THREE, "Bob", {
        "Ann": "A9 A9 A9 C C A6 A6",
        "Bob": "A40 A1 A5 E E F F",
        "Cy": "A30 A23 A13 A11 A7 F C",
    }, Ann={"lucre": 3, "bases": 1, "home": 0}, Bob={"lucre": 20})
    t("Cy", "in")
    t("Ann", "in")
    assert t.warp == 4
    t("Cy", "open 4")
    assert t.warp == 8
    assert t.refusal("Ann", "call") is not None
    events = t("Ann", "tapout")
    assert ev.TappedOut("Ann", 1, 9) in events
    assert t.bases("Ann") == 0
    t("Bob", "call")
    assert t.warp == 13
    for name in ("Cy", "Ann", "Bob"):
        t(name, "draw")
    t("Cy", "check")
    assert t.refusal("Ann", "open 1") is not None
    t("Ann", "check")
    t("Bob", "open 6")
    assert t.warp == 19
    assert t.refusal("Cy", "call") is not None  # short by 2, nothing named to pawn
    t("Cy", "fold")
    events = t("Ann", "call")
    assert ev.Called("Ann", 0, ev.NO_PAYMENT, free=True) in events
    assert t.game.state.expose_order == ("Bob", "Ann")
    t("Bob", "meld auto")
    events = t("Ann", "meld auto")
    assert [(e.player, e.meld) for e in events if isinstance(e, ev.MeldExposed)] == [("Bob", "monad 40"),
                                                                                     ("Ann", "triad 9")]
    assert ev.HandWon("Ann", 9, 10, True, "has the best meld") in events
    assert t.lucre() == {"Ann": 9, "Bob": 10, "Cy": 4}
    assert t.bases("Ann") == 1


def test_c_pass_out() -> None:
    t = Table(THREE, "Ann")
    t("Bob", "out")
    events = t("Cy", "out")
    assert ev.PassedOut("Ann", 2) in events
    assert t.lucre() == {"Ann": 12, "Bob": 10, "Cy": 10} and t.bases("Ann") == 0
    assert t.game.state.dealer == "Bob" and t.game.state.number == 2
    assert t.game.waiting_on() == ("Cy",)


def test_d_fold_to_the_dealer() -> None:
    t = Table(THREE, "Ann")
    t("Bob", "in")
    t("Cy", "in")
    assert t.warp == 4
    t("Bob", "fold")
    events = t("Cy", "fold")
    assert ev.HandWon("Ann", 4, 0, True, "is the last active player in the hand") in events
    assert t.lucre()["Ann"] == 14 and t.bases("Ann") == 1


def example_e() -> Table:
    return Table(THREE, "Ann", {
        "Ann": "A-6 A-5 A1 A5 A7 A11 A13",
        "Bob": "E F A4 A6 A9 C C",
        "Cy": "A40 A30 A23 A15 A17 C C",
    }, Bob={"lucre": 1})


def test_e_pawning() -> None:
    t = example_e()
    assert t.refusal("Bob", "pawn token token") == "For the ante you may pawn at most one token."
    assert t.refusal("Bob", "pawn warptoken") is not None
    assert t.refusal("Bob", "in") is not None  # 1 Lucre, nothing named
    t("Bob", "pawn token")
    t("Bob", "in")
    bob = t.game.state.players["Bob"]
    assert (bob.lucre, bob.home, bob.warp_tokens) == (1, 19, 1)
    t("Cy", "in")
    t("Bob", "check")
    t("Cy", "open 4")
    t("Ann", "fold")
    assert t.refusal("Bob", "call") is not None
    t("Bob", "pawn flare")
    events = t("Bob", "call")
    called = next(e for e in events if isinstance(e, ev.Called))
    assert (called.amount, called.payment.lucre, called.payment.items, called.payment.forfeited) == (4, 1, ("flare",), 0)
    assert bob.lucre == 0 and [card for card in bob.hand if DECK[card].kind == "F"] == []
    assert called.payment.cards[0] in t.game.state.discard

    again = example_e()
    for player, command in (("Bob", "pawn token"), ("Bob", "in"), ("Cy", "in"), ("Bob", "check"), ("Cy", "open 4"),
                            ("Ann", "fold"), ("Bob", "pawn flare edict")):
        again(player, command)
    events = again("Bob", "call")
    called = next(e for e in events if isinstance(e, ev.Called))
    assert (called.payment.lucre, called.payment.items, called.payment.raised, called.payment.forfeited) == (
        0, ("flare", "edict"), 5, 1)
    assert again.game.state.players["Bob"].lucre == 1


@pytest.mark.parametrize(("bob", "allowed"), [("A14 A-6 E F E F C", False), ("A13 R+2 A-6 E F E F", True)])
def test_f_openers(bob: str, allowed: bool) -> None:
    t = Table(THREE, "Ann", {"Ann": "C C C C C C C", "Bob": bob, "Cy": "A1 A4 A5 A-5 A11 A17 A23"})
    t("Bob", "in")
    t("Cy", "in")
    refusal = t.refusal("Bob", "open 1")
    assert (refusal is None) is allowed
    if not allowed:
        assert refusal == "You need openers to open: a meld of monad 15 or better (a Compromise triad will do)."


def test_g_five_bases_win_the_game() -> None:
    t = Table(THREE, "Ann", Ann={"bases": 4})
    t("Bob", "in")
    t("Cy", "in")
    t("Bob", "fold")
    events = t("Cy", "fold")
    assert events[-1] == ev.GameOver("Ann", "holds 5 foreign bases")
    assert t.game.is_over and t.game.legal_actions("Bob") == ()


def test_g_a_player_with_nothing_is_out_and_the_last_one_wins() -> None:
    t = Table(("Ann", "Bob"), "Ann", {"Ann": "C C C C C C C", "Bob": "A1 A4 A5 A-5 A11 A17 A23"},
              Bob={"lucre": 2, "home": 0})
    t("Bob", "in")
    events = t("Bob", "fold")
    assert ev.PlayerOut("Bob", "has no Lucre and nothing to pawn") in events
    assert events[-1] == ev.GameOver("Ann", "is the last player left in the game")


def test_one_lucre_and_nothing_to_pawn_stays_in_but_must_declare_out() -> None:
    t = Table(THREE, "Ann", {"Ann": "C C C C C C C", "Bob": "A1 A4 A5 A-5 A11 A17 A23", "Cy": "A6 A6 A6 A8 A8 A8 A9"},
              Bob={"lucre": 1, "home": 0})
    assert t.refusal("Bob", "in") is not None
    assert t.game.legal_actions("Bob") == (read_command(t.game.state.players["Bob"], "out"),)
    t("Bob", "out")
    t("Cy", "out")
    assert t.game.state.players["Bob"].out is None and t.game.state.dealer == "Bob"
