"""A poker table's options (POKER-RULES.md: the frame's options and "Variations"), each with its default, checked with
messages players understand; the pawn rates; and Dealer's Choice, which switches options on for one hand."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from engine.poker.cards import PRINTED_ATTACK_VALUES
from engine.poker.melds import MeldRules

PAWN_ITEMS = ("edict", "flare", "token", "warptoken")
"""What a player may pawn: an Edict or a Flare from hand, a token from home to the Warp, a Warp token out of the game."""
RATES: dict[str, dict[str, int]] = {
    "mayfair": {"ante": 2, "pass_out": 2, "edict": 2, "flare": 3, "token": 2, "warptoken": 5},
    "eon": {"ante": 1, "pass_out": 1, "edict": 1, "flare": 2, "token": 1, "warptoken": 3},
}
TOKENS = 20
"""Tokens in each player's home system when the game starts."""
SWITCHES = ("tame", "spit", "pairs", "combos", "bet_or_drop", "blind_openers", "blind_betting", "showdown_straight",
            "lowball", "high_low")
"""The on/off variations Dealer's Choice may switch on by name."""
VALUED = ("wild", "flip", "max_draw", "max_meld")
"""The variations with a value, which Dealer's Choice sets as name=value."""


class OptionError(ValueError):
    """An option or combination a table cannot play with; the message is meant for players."""


class PokerOptions(BaseModel):
    """Every option of POKER-RULES.md. Frozen: Dealer's Choice makes a new one for the hand."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    start_lucre: int = Field(10, description="Lucre each player starts with")
    bases_to_win: int = Field(5, description="foreign bases that win the game")
    rates: Literal["mayfair", "eon"] = Field("mayfair", description="pawn rates: mayfair or eon")
    bet_limit: int | Literal["pot", "none"] = Field("pot", description="pot, none, or a number N (each bet adds 1 to N)")
    max_raises: int = Field(3, description="raises per round after the open (1 to 10)")
    max_draw: int = Field(3, description="cards exchanged in the draw, at most (3 to 7)")
    wild: int | Literal["off", "turned"] = Field("off", description="wild Attack value: off, a value, or turned")
    tame: bool = Field(False, description="Kickers and Reinforcements may not be melded")
    spit: bool = Field(False, description="a turned Attack card counts as held by every active player")
    pairs: bool = Field(False, description="pairs rank between monad and triad")
    combos: bool = Field(False, description="two-pair and full house (needs pairs)")
    bet_or_drop: bool = Field(False, description="no checking: before an open, open or fold")
    blind_openers: bool = Field(False, description="no opening requirement, no splitting openers")
    blind_betting: bool = Field(False, description="this hand's new cards stay hidden until the first round ends")
    showdown_straight: bool = Field(False, description="no first round and no draw")
    flip: int = Field(0, description="challenge cards each active player shows after the top-ups (0: off)")
    max_meld: int = Field(5, description="cards in a meld, at most (5 to 7: hexad, heptad)")
    lowball: bool = Field(False, description="the weakest meld of five exposed challenge cards wins")
    high_low: bool = Field(False, description="the strongest meld gains the base, the weakest takes the Lucre")
    dealers_choice: bool = Field(False, description="the dealer may switch on options for one hand")
    replay_hands: Literal["showdown", "all"] = Field(
        "showdown", description="what the finished game's replay shows of hands: showdown or all (for teaching)")

    @field_validator("start_lucre")
    @classmethod
    def _start_lucre(cls, value: int) -> int:
        if not 1 <= value <= 1000:
            raise ValueError("must be from 1 to 1000")
        return value

    @field_validator("bases_to_win")
    @classmethod
    def _bases(cls, value: int) -> int:
        if not 1 <= value <= 20:
            raise ValueError("must be from 1 to 20")
        return value

    @field_validator("bet_limit")
    @classmethod
    def _bet_limit(cls, value: int | str) -> int | str:
        if isinstance(value, int) and not 1 <= value <= 1000:
            raise ValueError("must be pot, none or a number from 1 to 1000")
        return value

    @field_validator("max_raises")
    @classmethod
    def _max_raises(cls, value: int) -> int:
        if not 1 <= value <= 10:
            raise ValueError("must be from 1 to 10")
        return value

    @field_validator("max_draw")
    @classmethod
    def _max_draw(cls, value: int) -> int:
        if not 3 <= value <= 7:
            raise ValueError("must be from 3 to 7")
        return value

    @field_validator("max_meld")
    @classmethod
    def _max_meld(cls, value: int) -> int:
        if not 5 <= value <= 7:
            raise ValueError("must be from 5 to 7")
        return value

    @field_validator("flip")
    @classmethod
    def _flip(cls, value: int) -> int:
        if not 0 <= value <= 5:
            raise ValueError("must be from 0 (off) to 5")
        return value

    @field_validator("wild")
    @classmethod
    def _wild(cls, value: int | str) -> int | str:
        if isinstance(value, int) and value not in PRINTED_ATTACK_VALUES:
            raise ValueError("must be off, turned, or an Attack value printed in the deck")
        return value

    @model_validator(mode="after")
    def _compatible(self) -> PokerOptions:
        if self.combos and not self.pairs:
            raise ValueError("combos needs pairs: two-pair and full house are made of pairs")
        if self.lowball and self.high_low:
            raise ValueError("lowball and high_low cannot be played together: high_low already includes lowball")
        if self.flip and self.blind_betting:
            raise ValueError("flip cannot be played with blind_betting: cards cannot be chosen unseen")
        return self

    @property
    def openers_needed(self) -> bool:
        """Openers are checked (and may be split) unless blind_openers, which blind_betting brings with it."""
        return not (self.blind_openers or self.blind_betting)

    @property
    def low_showdown(self) -> bool:
        """Five challenge cards are exposed and read as the strongest meld within them (lowball, high_low)."""
        return self.lowball or self.high_low

    def rate(self, item: str) -> int:
        return RATES[self.rates][item]

    def meld_rules(self, wild: int | None) -> MeldRules:
        return MeldRules(self.pairs, self.combos, self.tame, self.max_meld, wild)

    @property
    def changed(self) -> dict[str, Any]:
        """The options that differ from the defaults."""
        return {name: value for name, value in self.model_dump().items()
                if value != PokerOptions.model_fields[name].default}

    @classmethod
    def from_options(cls, options: Mapping[str, Any] | None = None, base: PokerOptions | None = None) -> PokerOptions:
        """Options from name=value pairs (values may be text as typed), or OptionError naming the problem."""
        values = (base or cls()).model_dump()
        for name, raw in (options or {}).items():
            key = name.strip().lower().replace("-", "_")
            if key not in cls.model_fields:
                raise OptionError(f"There is no poker option called '{name}'. Options: {', '.join(cls.model_fields)}.")
            values[key] = _read_value(key, raw)
        try:
            return cls.model_validate(values)
        except ValidationError as error:
            raise OptionError(_explain(error)) from None

    def for_hand(self, chosen: Mapping[str, Any]) -> PokerOptions:
        """Dealer's Choice: these options switched on for one hand (only the variations; the frame stays)."""
        for name in chosen:
            if name not in SWITCHES + VALUED:
                raise OptionError(f"Dealer's Choice switches on variations only ({', '.join(SWITCHES + VALUED)}),"
                                  f" not '{name}'.")
        return PokerOptions.from_options(chosen, base=self)


def _read_value(key: str, raw: Any) -> Any:
    if not isinstance(raw, str):
        return raw
    text = raw.strip().lower()
    annotation = PokerOptions.model_fields[key].annotation
    if annotation is bool:
        if text in ("on", "yes", "true", "1"):
            return True
        if text in ("off", "no", "false", "0"):
            return False
        raise OptionError(f"{key} is on or off, not '{raw.strip()}'.")
    if key == "wild" and text == "on":
        raise OptionError("wild is off, turned, or an Attack value such as 5 or 7.")
    if text.lstrip("-").isascii() and text.lstrip("-").isdigit() and len(text) <= 6:
        return int(text)
    if annotation is int:
        raise OptionError(f"{key} must be a whole number, not '{raw.strip()}'.")
    return text


def _explain(error: ValidationError) -> str:
    problem = error.errors()[0]
    field = str(problem["loc"][0]) if problem["loc"] else ""
    message = problem["msg"].removeprefix("Value error, ")
    if problem["type"] in ("literal_error", "int_parsing", "int_type") or problem["type"].startswith("literal"):
        message = PokerOptions.model_fields[field].description or message if field else message
        return f"{field}: {message}."
    return f"{field}: {message}." if field else f"{message[:1].upper()}{message[1:]}."
