"""POKER-RULES.md's meld test cases and comparisons, and ``python -m engine poker meld|best``."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from engine.__main__ import main as engine_main
from engine.poker.cards import DECK, CardSyntaxError, parse_card, parse_cards
from engine.poker.melds import Meld, MeldRules, best_meld, meld_key, read_meld, strongest_within

PAIRS = MeldRules(pairs=True)
COMBOS = MeldRules(pairs=True, combos=True)


def meld(text: str, rules: MeldRules = MeldRules()) -> Meld | None:
    return read_meld(parse_cards(text.split()), rules).meld


def name(text: str, rules: MeldRules = MeldRules()) -> str | None:
    found = meld(text, rules)
    return None if found is None else found.name


def test_the_deck_holds_78_cards_as_the_table_says() -> None:
    kinds = [card.kind for card in DECK]
    assert len(DECK) == 78
    assert (kinds.count("A"), kinds.count("C"), kinds.count("K"), kinds.count("R")) == (43, 12, 7, 6)
    assert (kinds.count("E"), kinds.count("F")) == (5, 5)
    assert sum(card == parse_card("A8") for card in DECK) == 5
    assert sum(card == parse_card("Kx2") for card in DECK) == 3


@pytest.mark.parametrize("text", ["A2", "B", "Kx5", "R+1", "A", "Kx", "C1"])
def test_cards_not_in_the_deck_are_refused(text: str) -> None:
    with pytest.raises(CardSyntaxError):
        parse_card(text)


@pytest.mark.parametrize(("cards", "expected"), [
    ("A-4 A0 A4 A8", "tetrad 8"),
    ("A9", "monad 9"),
    ("A12 A12 A12", "triad 12"),
    ("A9 A9 A9", "triad 9"),
    ("C C C C C", "Compromise pentad"),
    ("A18 Kx2 R+3", "monad 42"),
    ("A8 A17 A18 Kx2", "triad 18"),
    ("A8 A17 A18 Kx2 R+3", "triad 34"),
    ("A14 A4 A9", "triad 14"),
    ("A20 A0 A10", "triad 20"),
    ("A-6 A-5 A-4", "triad -4"),
    ("A12 A4 A10 A6 A8", "pentad 12"),
    ("A5 A10 A15 Kx0", "triad 10"),
    ("A-6 Kx-1", "monad 6"),
    ("A8 Kx2", "monad 16"),
    ("A13 R+2", "monad 15"),
    ("A14", "monad 14"),
    ("C C C", "Compromise triad"),
])
def test_melds_read_as_the_spec_says(cards: str, expected: str) -> None:
    assert name(cards) == expected


def test_mutation_order_is_chosen_in_the_players_favour() -> None:
    """(18+3)x2 = 42; the other order gives 39."""
    reading = read_meld(parse_cards("A18 Kx2 R+3".split()))
    assert reading.meld is not None and reading.meld.values == (42,)
    assert [m for m, _ in reading.placements] == [2, 1]  # R+3 first, then Kx2


def test_triad_34_reading() -> None:
    found = meld("A8 A17 A18 Kx2 R+3")
    assert found is not None and found.values == (8, 21, 34)


@pytest.mark.parametrize(("cards", "opens"), [
    ("A8 Kx2", True), ("A13 R+2", True), ("A14", False), ("C C C", True), ("A-6 Kx-1", False),
])
def test_openers(cards: str, opens: bool) -> None:
    found = meld(cards)
    assert found is not None and found.opens() is opens


@pytest.mark.parametrize("cards", ["A8 A17", "C C Kx2", "C A12", "A12 E", "Kx2", "A4 A6 A8 A10 A12 A14"])
def test_not_melds_are_refused_with_a_reason(cards: str) -> None:
    reading = read_meld(parse_cards(cards.split()))
    assert reading.meld is None and reading.why


def test_any_six_cards_are_refused() -> None:
    assert "1 to 5" in (read_meld(parse_cards("C C C C C C".split())).why or "")


def test_pairs() -> None:
    assert name("A6 A12 Kx2", PAIRS) == "pair 12"
    assert name("A8 A17", PAIRS) is None


def test_lowball_case() -> None:
    """Ann A4 A9 A14 A30 A40: best triad 14; Bob A6 A11 A20 A23 C: monad 23; Bob wins (the weaker)."""
    ann = strongest_within(parse_cards("A4 A9 A14 A30 A40".split()))
    bob = strongest_within(parse_cards("A6 A11 A20 A23 C".split()))
    assert ann is not None and bob is not None
    assert (ann.name, bob.name) == ("triad 14", "monad 23")
    assert meld_key(bob) < meld_key(ann)


@pytest.mark.parametrize(("stronger", "weaker"), [
    ("A8 Kx2", "A10"),  # monad 16 beats monad 10
    ("C C C", "A18 Kx2 R+3"),  # Compromise triad beats monad 42
    ("A-6 A-5 A-4", "C C C"),  # triad -4 beats Compromise triad
    ("A9 A9 A9", "A-6 A-5 A-4"),
    ("A20 A0 A10", "A9 A9 A9"),
    ("A12 A4 A10 A6 A8", "A8 A17 A18 Kx2 R+3"),  # pentad 12 beats triad 34
    ("C C C C C", "A-4 A0 A4 A8"),  # Compromise pentad beats tetrad 8
    ("A12 A4 A10 A6 A8", "C C C C C"),
])
def test_comparisons(stronger: str, weaker: str) -> None:
    assert meld_key(meld(stronger)) > meld_key(meld(weaker))


@pytest.mark.parametrize(("stronger", "weaker"), [
    ("A6 A12 Kx2", "A18 Kx2 R+3"),  # pair 12 beats monad 42
    ("C C C", "A6 A12 Kx2"),  # Compromise triad beats pair 12
    ("A12 A12 A9 A9", "A8 A17 A18 Kx2 R+3"),  # two-pair 9 beats triad 34
    ("A-4 A0 A4 A8", "A12 A12 A9 A9"),  # tetrad 8 beats two-pair 9
    ("C C A6 A6 A6", "A-4 A0 A4 A8"),  # full house beats tetrad 8
    ("C C C C C", "C C A6 A6 A6"),  # ... and loses to Compromise pentad
])
def test_comparisons_with_pairs_and_combos(stronger: str, weaker: str) -> None:
    assert meld_key(meld(stronger, COMBOS)) > meld_key(meld(weaker, COMBOS))


def test_combo_names() -> None:
    assert name("A12 A12 A9 A9", COMBOS) == "two-pair 9"
    assert name("C C A6 A6 A6", COMBOS) == "Compromise full house"


def test_equal_melds_compare_equal() -> None:
    """Equal melds: the first exposed wins (the game keeps the first; here they are equal)."""
    assert meld_key(meld("C C C")) == meld_key(meld("C C C"))
    assert meld_key(meld("A8 A17 A18 Kx2 R+3")) == meld_key(meld("A30 R+4 A20 A6"))  # two triad 34s


def test_tame_and_max_meld() -> None:
    assert name("A8 Kx2", MeldRules(tame=True)) is None
    assert name("A4 A6 A8 A10 A12 A14", MeldRules(max_meld=6)) == "hexad 14"
    assert name("A4 A6 A8 A10 A12 A14 C", MeldRules(max_meld=7)) is None


def test_wild_cards_stand_for_any_printed_value() -> None:
    assert name("A5 A9 A9", MeldRules(wild=5)) == "triad 9"
    assert name("A5 A30 A40", MeldRules(wild=5)) == "triad 40"
    assert name("A5 Kx2", MeldRules(wild=5)) == "monad 80"
    assert name("A5 C C", MeldRules(wild=5)) is None  # never for a Compromise


def test_fixed_placements() -> None:
    cards = parse_cards("A8 A17 A18 Kx2".split())
    assert read_meld(cards, placed=[(3, 1)]).meld is None  # 8 34 18: no sequence
    assert read_meld(cards, placed=[(3, 0)]).meld.name == "triad 18"  # type: ignore[union-attr]


def test_best_meld_in_a_hand() -> None:
    found = best_meld(parse_cards("A8 A17 A18 Kx2 R+3 E C".split()))
    assert found is not None and found[0].name == "triad 34" and found[1] == (0, 1, 2, 3, 4)


def run_cli(*args: str) -> tuple[int, dict]:
    result = subprocess.run([sys.executable, "-m", "engine", "poker", *args], capture_output=True, text=True)
    return result.returncode, json.loads(result.stdout) if result.stdout else {}


def test_cli_meld_and_best() -> None:
    code, data = run_cli("meld", "A8", "A17", "A18", "Kx2", "R+3")
    assert code == 0 and data["meld"] == "triad 34"
    code, data = run_cli("best", "A9", "C", "E", "A4")
    assert code == 0 and data["meld"] == "monad 9"


def test_cli_in_process(capsys: pytest.CaptureFixture[str]) -> None:
    assert engine_main(["poker", "meld", "C", "C", "C", "C", "C"]) == 0
    assert json.loads(capsys.readouterr().out)["meld"] == "Compromise pentad"
    assert engine_main(["poker", "meld", "C", "A12"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["meld"] is None and data["why"]
    assert engine_main(["poker", "meld", "--rule", "pairs=on", "A6", "A12", "Kx2"]) == 0
    assert json.loads(capsys.readouterr().out)["meld"] == "pair 12"
    assert engine_main(["poker", "best", "E", "F"]) == 0
    assert json.loads(capsys.readouterr().out)["meld"] is None


@pytest.mark.parametrize("args", [["meld"], ["meld", "A2"], ["best", "Q"], ["meld", "A40", "A40"], ["frob", "A8"],
                                  ["meld", "--rule", "combos=on", "A8"], ["meld", "--rule", "nonsense", "A8"]])
def test_cli_exits_2_only_for_bad_arguments(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert engine_main(["poker", *args]) == 2
    assert capsys.readouterr().out == ""
