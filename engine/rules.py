"""The table's rule options (RULES.md): every option with its default, checked with messages players understand."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

LastLicksVariant = Literal["official", "single", "A", "B", "C", "D"]
LAST_LICKS_VARIANTS: tuple[str, ...] = ("official", "single", "A", "B", "C", "D")
MAX_GOAL = 100_000


class RuleError(ValueError):
    """A rule option a table cannot play with; the message is meant for players."""


class RuleSet(BaseModel):
    """Every option of RULES.md. Frozen: a change of rules is a new RuleSet (the Guiding Light adopts one)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    goal: int = 500
    last_licks: LastLicksVariant = "official"
    opening_minimum: int = 35
    goal_must_be_passed: bool = False
    sun_completes_freight_train: bool = False
    fourth_number_scores: bool = False
    reroll_only_matching: bool = False
    last_player_wins: bool = False

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
                raise RuleError(f"There is no rule called '{name}'. Rules: {known}.")
            values[key] = _read_value(key, raw)
        try:
            return cls.model_validate(values)
        except ValidationError as error:
            raise RuleError(_explain(error)) from None

    def with_option(self, name: str, value: Any) -> RuleSet:
        return RuleSet.from_options({name: value}, base=self)

    def goal_reached(self, score: int) -> bool:
        """RULES.md: reaching the goal starts Last Licks, or passing it with goal_must_be_passed."""
        return score > self.goal if self.goal_must_be_passed else score >= self.goal


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
    if annotation is int:
        if not text.lstrip("-").isdigit():
            raise RuleError(f"{key} must be a whole number, not '{text}'.")
        return int(text)
    if key == "last_licks":
        for variant in LAST_LICKS_VARIANTS:
            if variant.lower() == text.lower():
                return variant
        raise RuleError(f"last_licks is one of {', '.join(LAST_LICKS_VARIANTS)}, not '{text}'.")
    return text


def _explain(error: ValidationError) -> str:
    problem = error.errors()[0]
    field = ".".join(str(part) for part in problem["loc"]) or "rules"
    message = problem["msg"].removeprefix("Value error, ")
    return f"{field}: {message}."
