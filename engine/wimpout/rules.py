"""The table's rule options (RULES.md): every option with its default, checked with messages players understand."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from engine.numbers import typed_number

LastLicksVariant = Literal["official", "single", "A", "B", "C", "D"]
LAST_LICKS_VARIANTS: tuple[str, ...] = ("official", "single", "A", "B", "C", "D")
MAX_GOAL = 100_000
ONE_THREE_FIVE = (100, 300, 500)


class RuleError(ValueError):
    """A rule option a table cannot play with; the message is meant for players."""


class UnknownOption(RuleError):
    """No option has that name (a table can list its options for the player)."""

    def __init__(self, name: str, known: str) -> None:
        super().__init__(f"There is no rule called '{name}'. Rules: {known}.")
        self.name = name


class RuleSet(BaseModel):
    """Every option of RULES.md. Frozen: a change of rules is a new RuleSet (the Guiding Light adopts one)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    goal: int = Field(500, description="the game goal")
    last_licks: LastLicksVariant = Field("official", description="Last Licks: official, single, A, B, C or D")
    opening_minimum: int = Field(35, description="points in one turn needed to get in the game")
    goal_must_be_passed: bool = Field(False, description="Last Licks starts only above the goal, not on it")
    sun_completes_freight_train: bool = Field(False, description="four of a face and the sun are a freight train")
    fourth_number_scores: bool = Field(False, description="a fourth 5 or 10 beside a flash scores as a number")
    reroll_only_matching: bool = Field(False, description="Reroll Clause: rethrow only the cubes that matched")
    last_player_wins: bool = Field(False, description="the last player left in the game wins at once")

    # House rules (the Guide's ten), all off by default.
    bump: bool = Field(False, description="Bump: landing on a player's score sends them back to where you started")
    insurance: bool = Field(False, description="Insurance Points: earn on five scoring cubes, spend 2 or 4 to cancel")
    cosmic_sampler: bool = Field(
        False, description="Cosmic Sampler: 5 or 10 with 2, 3, 4 and 6 (the sun may be the 3, 5 or 10)"
    )
    sampler_points: int = Field(50, description="points of a Cosmic Sampler")
    one_three_five: bool = Field(False, description="1/3/5: 100, 300 and 500 are the same space")
    ntw: int = Field(0, description="(n)TW: out after this many Train Wrecks (0: off)")
    recovery: bool = Field(False, description="Recovery: each Train Wreck adds a circle to clear with 35+")
    recovery_ext1: bool = Field(False, description="Recovery Extension 1: out with 4 circles or 7 wrecks")
    recovery_ext2: bool = Field(False, description="Recovery Extension 2: out if any circle is open at Last Licks")
    eclipse: Literal[0, 1, 2] = Field(0, description="Eclipse variant 1 or 2 (0: off)")
    eclipse_beam: int = Field(200, description="Eclipse 2: scores on one beam differ by a multiple of this")
    full_house: bool = Field(False, description="Full House: two pairs and a sun score both flashes (brings Suspend 10)")
    suspend: int = Field(0, description="Suspend(n): a flash not cleared in n throws suspends the turn (0: off)")
    kill: int = Field(0, description="Kill(n): a flash not cleared in n throws is a wimpout (0: off)")
    hints: bool = Field(True, description="players may ask 'hint' for each choice's chance of winning")
    honour_rules: tuple[str, ...] = Field((), description="rules adopted by the Guiding Light that players keep")

    @cached_property
    def scoring_key(self) -> tuple[object, ...]:
        """The options that change how one throw scores (the key of the scoring cache)."""
        return (
            self.sun_completes_freight_train,
            self.fourth_number_scores,
            self.sampler_points if self.cosmic_sampler else 0,
            self.full_house,
        )

    @field_validator("goal")
    @classmethod
    def _goal(cls, value: int) -> int:
        if not 5 <= value <= MAX_GOAL or value % 5:
            raise ValueError(f"the goal must be a multiple of 5 from 5 to {MAX_GOAL}")
        return value

    @field_validator("opening_minimum")
    @classmethod
    def _opening_minimum(cls, value: int) -> int:
        if not 0 <= value <= 1000 or value % 5:
            raise ValueError("the opening minimum must be a multiple of 5 from 0 to 1000")
        return value

    @field_validator("sampler_points")
    @classmethod
    def _sampler_points(cls, value: int) -> int:
        if not 5 <= value <= 1000 or value % 5:
            raise ValueError("the Cosmic Sampler's points must be a multiple of 5 from 5 to 1000")
        return value

    @field_validator("ntw", "suspend", "kill")
    @classmethod
    def _count(cls, value: int) -> int:
        if not 0 <= value <= 100:
            raise ValueError("must be from 0 (off) to 100")
        return value

    @field_validator("eclipse_beam")
    @classmethod
    def _beam(cls, value: int) -> int:
        if not 5 <= value <= MAX_GOAL or value % 5:
            raise ValueError(f"the beam must be a multiple of 5 from 5 to {MAX_GOAL}")
        return value

    @model_validator(mode="after")
    def _compatible(self) -> RuleSet:
        if self.eclipse and self.bump:
            raise ValueError("Eclipse cannot be played with Bump: you could never land on a score Bump needs")
        return self

    @property
    def warnings(self) -> tuple[str, ...]:
        """Allowed but discouraged combinations (the Guide: "NOT recommended")."""
        if self.ntw and self.recovery:
            return ("(n)TW together with Recovery is not recommended by the Guide.",)
        return ()

    @property
    def suspend_throws(self) -> int:
        """Suspend(n) in force: Full House brings Suspend(10) with it unless the table set its own n."""
        return self.suspend or (10 if self.full_house else 0)

    def same_space(self, a: int, b: int) -> bool:
        """Two scores on one space: equal, or 100, 300 and 500 under 1/3/5 (``PlainRules.same_space``)."""
        return self.plain.same_space(a, b)

    @cached_property
    def plain(self) -> PlainRules:
        """These rules as plain attributes, made once: what the engine reads during play."""
        return PlainRules(self)

    @classmethod
    def from_options(cls, options: dict[str, Any] | None = None, base: RuleSet | None = None) -> RuleSet:
        """Build a RuleSet from name=value options (values may be text as typed), or raise RuleError."""
        values = (base or cls()).model_dump()
        for name, raw in (options or {}).items():
            key = name.strip().lower().replace("-", "_")
            if key == "lastlicks":
                key = "last_licks"
            if key not in cls.model_fields:
                known = ", ".join(cls.model_fields)
                raise UnknownOption(name, known)
            values[key] = _read_value(key, raw)
        try:
            return cls.model_validate(values)
        except ValidationError as error:
            raise RuleError(_explain(error)) from None

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> RuleSet:
        """A copy with ``update`` checked as any RuleSet is; pydantic's own would keep the original's cached
        properties (``scoring_key``, ``goal_score``) however the update changed them, and check nothing. ``deep`` is
        moot: a RuleSet holds only immutable values."""
        return RuleSet.model_validate({**self.model_dump(), **(update or {})})

    def with_option(self, name: str, value: Any) -> RuleSet:
        return RuleSet.from_options({name: value}, base=self)

    def goal_reached(self, score: int) -> bool:
        return score >= self.goal_score

    @cached_property
    def goal_score(self) -> int:
        """The lowest score that reaches the goal (RULES.md: reaching it starts Last Licks; with goal_must_be_passed,
        passing it)."""
        return self.goal + 1 if self.goal_must_be_passed else self.goal


class PlainRules:
    """A RuleSet's values as plain attributes (its fields, ``goal_score`` and ``suspend_throws``), made once per rule
    set (``RuleSet.plain``). The engine reads options on every throw, and an attribute of a pydantic model costs about
    three times a plain one: BaseModel's ``__getattr__`` keeps CPython from specializing the lookup."""

    __slots__ = (*RuleSet.model_fields, "goal_score", "suspend_throws")

    def __init__(self, rules: RuleSet) -> None:
        for name in self.__slots__:
            setattr(self, name, getattr(rules, name))

    def same_space(self, a: int, b: int) -> bool:
        """Two scores on one space: equal, or 100, 300 and 500 under 1/3/5."""
        return a == b or (self.one_three_five and a in ONE_THREE_FIVE and b in ONE_THREE_FIVE)


def _read_value(key: str, raw: Any) -> Any:
    if not isinstance(raw, str):
        return raw
    text = raw.strip()
    annotation = RuleSet.model_fields[key].annotation
    if annotation is bool:
        lowered = text.lower()
        if lowered in ("on", "yes", "true", "1"):
            return True
        if lowered in ("off", "no", "false", "0"):
            return False
        raise RuleError(f"{key} is on or off, not '{text}'.")
    if key == "eclipse":
        number = typed_number(text)
        return {"off": 0, "on": 1}.get(text.lower(), text if number is None else number)
    if annotation is int:
        number = typed_number(text.removeprefix("-"))
        if number is None:
            raise RuleError(f"{key} must be a whole number, not '{text}'.")
        return -number if text.startswith("-") else number
    if key == "last_licks":
        for variant in LAST_LICKS_VARIANTS:
            if variant.lower() == text.lower():
                return variant
        raise RuleError(f"last_licks is one of {', '.join(LAST_LICKS_VARIANTS)}, not '{text}'.")
    return text


def _explain(error: ValidationError) -> str:
    problem = error.errors()[0]
    field = ".".join(str(part) for part in problem["loc"])
    message = problem["msg"].removeprefix("Value error, ")
    return f"{field}: {message}." if field else f"{message[:1].upper()}{message[1:]}."
