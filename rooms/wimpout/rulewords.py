"""Every table option in plain words: its name as players read it, what it does in one line, and how to set it.

``rules`` explains the options in play with these lines, a table's rules are summed up with these names, and a bad
option lists them all; the engine's field names (``recovery_ext1``) are only what people type.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.wimpout import RuleSet


@dataclass(frozen=True, slots=True)
class OptionWords:
    title: str
    """The option's name as players know it (the Guide's)."""
    typed: str
    """How to set it: ``bump``, ``ntw=3``."""
    meaning: Callable[[Any], str]
    """What the table plays with this value, in one line."""


def _on(text: str) -> Callable[[Any], str]:
    return lambda value: text


OPTIONS: dict[str, OptionWords] = {
    "goal": OptionWords("Goal", "goal=500", lambda v: f"the first to {v} points starts Last Licks."),
    "last_licks": OptionWords("Last Licks", "lastlicks=official|single|A|B|C|D", lambda v: {
        "official": "everyone else gets one last turn to pass the leader; a passed leader gets one back.",
        "single": "everyone else gets one last turn; then the highest score wins.",
        "A": "variant A: challengers one at a time, each passer fights the old leader one-on-one.",
        "B": "variant B: each next player must pass the latest leader; whoever fails is out.",
        "C": "variant C: rounds; the best passer sets the next round's target for everyone still in.",
        "D": "variant D: as B, but a leader who is passed is out at once.",
    }[v]),
    "opening_minimum": OptionWords("Opening Roll", "opening_minimum=35",
                                   lambda v: f"{v} points in one turn to get in the game."),
    "goal_must_be_passed": OptionWords("Pass the goal", "goal_must_be_passed",
                                       _on("reaching the goal is not enough: Last Licks starts above it.")),
    "sun_completes_freight_train": OptionWords("Sun freight trains", "sun_completes_freight_train",
                                               _on("four of a face and the Flaming Sun make a freight train.")),
    "fourth_number_scores": OptionWords("Fourth number", "fourth_number_scores",
                                        _on("a fourth 5 or 10 beside a flash scores as a number.")),
    "reroll_only_matching": OptionWords("Reroll matching only", "reroll_only_matching",
                                        _on("while clearing, only the cubes showing the flash face are thrown again.")),
    "last_player_wins": OptionWords("Last player wins", "last_player_wins",
                                    _on("the last player left in the game wins at once.")),
    "bump": OptionWords("Bump", "bump", _on("land exactly on someone's score and they go back to where you started.")),
    "insurance": OptionWords("Insurance Points", "insurance",
                             _on("five scoring cubes in one throw earn a point; spend 2 to cancel your throw, 4 "
                                 "someone else's.")),
    "cosmic_sampler": OptionWords("Cosmic Sampler", "cosmic_sampler",
                                  _on("a 5 or 10 with a 2, 3, 4 and 6 in one throw scores the Sampler's points.")),
    "sampler_points": OptionWords("Sampler points", "sampler_points=50",
                                  lambda v: f"a Cosmic Sampler scores {v} (when the Sampler is played)."),
    "one_three_five": OptionWords("1/3/5", "one_three_five",
                                  _on("100, 300 and 500 count as the same score (for Bump and Eclipse).")),
    "ntw": OptionWords("(n)TW", "ntw=3", lambda v: f"{v} Train Wrecks and you are out of the game."),
    "recovery": OptionWords("Recovery", "recovery",
                            _on("each Train Wreck opens a circle; a turn of 35 or more closes one.")),
    "recovery_ext1": OptionWords("Recovery Extension 1", "recovery_ext1",
                                 _on("four open circles or seven Train Wrecks and you are out.")),
    "recovery_ext2": OptionWords("Recovery Extension 2", "recovery_ext2",
                                 _on("anyone with an open circle when Last Licks would start is out.")),
    "eclipse": OptionWords("Eclipse", "eclipse=1|2", lambda v: "you may not stop on a score another player holds" + (
        " nor below it on its beam; eclipsed from up the beam, you drop 5 points." if v == 2 else ".")),
    "eclipse_beam": OptionWords("Eclipse beam", "eclipse_beam=200",
                                lambda v: f"for Eclipse 2, scores {v} apart are on the same beam."),
    "full_house": OptionWords("Full House", "full_house",
                              _on("two pairs and the Flaming Sun score both flashes (and bring Suspend 10).")),
    "suspend": OptionWords("Suspend", "suspend=10",
                           lambda v: f"a flash not cleared in {v} throws suspends the turn until play comes back."),
    "kill": OptionWords("Kill", "kill=5", lambda v: f"a flash not cleared in {v} throws is a wimpout."),
    "hints": OptionWords("Hints", "hints=on|off", lambda v: "players may ask 'hint' for each choice's chance of winning."
                         if v else "'hint' is off at this table."),
}
"""Every option but the honour rules (free text the Guiding Light adopts), in RuleSet's order."""

SPOKEN: dict[str, str] = {
    **{words.title.casefold(): name for name, words in OPTIONS.items()},
    "sampler": "cosmic_sampler", "cosmic": "cosmic_sampler", "135": "one_three_five", "1 3 5": "one_three_five",
    "one three five": "one_three_five", "last licks": "last_licks", "opening roll": "opening_minimum",
    "opening": "opening_minimum", "n train wrecks": "ntw", "train wreck limit": "ntw", "insurance points": "insurance",
    "ip": "insurance", "extension 1": "recovery_ext1", "extension 2": "recovery_ext2", "beam": "eclipse_beam",
}
"""Options by the names players read in 'help' and 'rules' ('cosmic sampler', '1/3/5', 'full house'), as typed after
'propose' and 'table open' alike."""
_LONGEST = max(len(phrase.split()) for phrase in SPOKEN)

ALWAYS = ("goal", "last_licks", "opening_minimum")
"""Explained at every table; the others only when they differ from the default."""
_DEPENDS = {"sampler_points": "cosmic_sampler", "eclipse_beam": "eclipse"}
"""Parameters that only matter when their rule is on."""


def in_play(rules: RuleSet) -> list[str]:
    """The options worth saying for this table, in order: the three every table has, then every change."""
    defaults = RuleSet()
    changed = [name for name in OPTIONS if name not in ALWAYS and getattr(rules, name) != getattr(defaults, name)]
    return [*ALWAYS, *(name for name in changed if name not in _DEPENDS or getattr(rules, _DEPENDS[name]))]


def explain(rules: RuleSet) -> list[str]:
    """One line per option in play: ``Bump: land exactly on someone's score...``."""
    lines = [f"{OPTIONS[name].title}: {OPTIONS[name].meaning(getattr(rules, name))}" for name in in_play(rules)]
    return lines + [f'Honour rule: "{honour}"' for honour in rules.honour_rules]


def summary_names(rules: RuleSet) -> list[str]:
    """The changes from the default rules, by the names players know: ``Bump``, ``(n)TW 3``, ``Suspend 10``."""
    names = []
    for name in in_play(rules)[len(ALWAYS):]:
        value = getattr(rules, name)
        title = OPTIONS[name].title
        names.append((title if value else f"no {title}") if isinstance(value, bool) else f"{title} {value}")
    if rules.opening_minimum != RuleSet().opening_minimum:
        names.insert(0, f"Opening Roll {rules.opening_minimum}")
    return names


def typed_names(words: Sequence[str]) -> list[str]:
    """The words with every option named as players read it turned into its typed name: ``cosmic sampler`` ->
    ``cosmic_sampler``, ``last licks=B`` -> ``last_licks=B``; any other word as it is."""
    typed: list[str] = []
    at = 0
    while at < len(words):
        for length in range(min(_LONGEST, len(words) - at), 0, -1):
            phrase, sep, value = " ".join(words[at:at + length]).partition("=")
            name = SPOKEN.get(phrase.casefold()) if " " not in value.strip() else None
            if name is not None:
                typed.append(f"{name}{sep}{value}")
                at += length
                break
        else:
            typed.append(words[at])
            at += 1
    return typed


def leading_option(words: Sequence[str]) -> tuple[str, int]:
    """The option the first words name as players read it (``full house on`` -> ``full_house``, 2 words), else the
    first word as it is."""
    for length in range(min(_LONGEST, len(words)), 1, -1):
        if (name := SPOKEN.get(" ".join(words[:length]).casefold())) is not None:
            return name, length
    return SPOKEN.get(words[0].casefold(), words[0]), 1


def option_names() -> str:
    """Every option's typed name on a few lines (a bad option's refusal: 'help options' says what each does)."""
    return ", ".join(words.typed.partition("=")[0] for words in OPTIONS.values())


def option_list() -> str:
    """Every option with how to set it and what it does (for a bad option)."""
    defaults = RuleSet()
    return "\n".join(f"  {words.typed}: {words.meaning(_example(name, defaults))}" for name, words in OPTIONS.items())


def _example(name: str, defaults: RuleSet) -> Any:
    value = getattr(defaults, name)
    return {"eclipse": 1, "ntw": 3, "suspend": 10, "kill": 5}.get(name, value)
