"""Which rules the exact two-player solution covers (no numpy here: commands check this before solving)."""

from __future__ import annotations

from engine.wimpout.rules import RuleSet


class NotCovered(ValueError):
    """Rules the exact solution does not cover; the message says which."""


COVERED_LAST_LICKS = {"official": "rechase", "A": "rechase", "B": "rechase", "C": "rechase", "single": "once", "D": "once"}
"""With two players, official, A, B and C coincide (whoever is passed gets a lick back, until a lick fails), and
single and D coincide (one lick decides: D's passed leader is out at once)."""


def check_covered(rules: RuleSet) -> None:
    """Raise NotCovered unless the two-player game under ``rules`` is solved exactly."""
    house = [name for name in ("bump", "insurance", "cosmic_sampler", "one_three_five", "recovery", "full_house")
             if getattr(rules, name)]
    house += [name for name in ("ntw", "eclipse", "suspend", "kill") if getattr(rules, name)]
    if rules.reroll_only_matching:
        house.append("reroll_only_matching")
    if house:
        raise NotCovered(f"the exact solution does not cover {', '.join(house)}")
    if not 100 <= rules.goal <= 1000:
        raise NotCovered("the exact solution covers goals from 100 to 1000")
    if rules.opening_minimum > rules.goal:
        raise NotCovered("the exact solution needs an opening minimum no larger than the goal")


MODEL_OPTIONS = (
    "goal", "opening_minimum", "goal_must_be_passed", "sun_completes_freight_train", "fourth_number_scores",
    "last_player_wins",
)
"""The options the solution depends on (with the Last Licks variant, by what it means for two players)."""


def model_rules(rules: RuleSet) -> RuleSet:
    """The covered rules nearest ``rules``: the options the solution reads, every other option at its default."""
    values = {name: getattr(rules, name) for name in MODEL_OPTIONS}
    values["last_licks"] = "official" if COVERED_LAST_LICKS[rules.last_licks] == "rechase" else "single"
    return RuleSet(**values)


def exactly_covered(rules: RuleSet) -> bool:
    try:
        check_covered(rules)
    except NotCovered:
        return False
    return True
