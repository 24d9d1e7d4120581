"""The options a player may set when starting a Funhouse run (``funhouse new scoreboard=off``): FUNHOUSE-RULES.md's
**option** marks, read from ``name=value`` words into the engine's ``FunOptions``."""

from __future__ import annotations

from typing import Any

from engine.funhouse import FunOptions
from rooms.messages import Refusal
from server.funhouse import funwords as words

CHOICES: dict[str, dict[str, Any]] = {
    "slide_stacks": {"return": "return", "free": "free"},
    "scoreboard": {"on": True, "off": False},
    "null_glyph": {"0": "0", "n": "n"},
}
"""Each option's typed values and what the engine keeps; the first is the default."""
RULES = ("slide_stacks", "scoreboard")
"""The options that change a score: a daily run keeps their defaults, so that everyone's daily scores compare."""


def read_options(typed: list[str], daily: bool = False) -> FunOptions:
    """``name=value`` words (any case) as the run's options; a Refusal says what is wrong with any of them."""
    chosen: dict[str, Any] = {}
    for word in typed:
        name, equals, value = word.lower().partition("=")
        if not equals or name not in CHOICES:
            raise Refusal(words.NO_SUCH_OPTION.format(word=word, options=described()))
        if value not in CHOICES[name]:
            raise Refusal(words.BAD_OPTION.format(name=name, values=" or ".join(CHOICES[name])))
        if daily and name in RULES and value != next(iter(CHOICES[name])):
            raise Refusal(words.DAILY_RULES.format(name=name))
        chosen[name] = CHOICES[name][value]
    return FunOptions(**chosen)


def described(options: FunOptions | None = None) -> str:
    """Every option and its values (``slide_stacks=return|free, ...``), or with ``options`` those that differ from the
    defaults (``scoreboard=off``)."""
    if options is None:
        return ", ".join(f"{name}={'|'.join(values)}" for name, values in CHOICES.items())
    kept = options.to_dict()
    return ", ".join(f"{name}={typed}" for name, values in CHOICES.items()
                     for typed, stored in values.items() if kept[name] == stored and typed != next(iter(values)))
