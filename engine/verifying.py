"""Checking a finished game's dice from its export (``replay <game> json`` on the server, ``funhouse replay <n> json``
for a run): the revealed server seed must hash to the commitment shown before play, and every cube, card and draw of
the stored events must be the value its address gives (engine.keyedstream). ``python -m engine verify FILE`` runs it.

The export is one JSON object (docs/fairness.md): ``game`` (``wimpout``, ``poker`` or ``funhouse``), ``number``,
``dice`` (``scheme``, ``commitment``, ``server_seed``, ``seeds``: each seated player's ``player``, ``seed``, ``made``;
or a ``scheme`` of ``scripted`` or ``none`` with ``why``), ``events`` (as stored) and ``draws`` (each value's
``address``, ``n`` and ``value``, for checking by other programs).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import funhouse, poker, wimpout
from engine.funhouse import keyedchance
from engine.funhouse.keyedchance import replayed
from engine.keyedstream import SCHEME, Draw, KeyedStream, SeedError, Verdict, check, commitment
from engine.poker import keyedshuffle
from engine.wimpout import keyeddice

FORMAT = "cosmic-wimpout/export-1"


@dataclass(frozen=True, slots=True)
class Checkable:
    """A game's part in checking: its stored events read back, each value it used, and what a value is called."""

    read: Callable[[dict[str, Any]], Any]
    draws: Callable[[Sequence[Any], KeyedStream], tuple[Verdict | None, list[Draw]]]
    """Every value the game used, at its address; a verdict when finding them already found a mismatch."""
    noun: str
    """What every one of them is ("every throw matches")."""


def _found(source: Callable[[Sequence[Any]], Iterator[Draw]]) -> Callable[[Sequence[Any], KeyedStream],
                                                                          tuple[Verdict | None, list[Draw]]]:
    """Values read off the events alone (the stream is not needed to find them)."""

    def found(events: Sequence[Any], stream: KeyedStream) -> tuple[Verdict | None, list[Draw]]:
        return None, list(source(events))

    return found


def _played_again(events: Sequence[Any], stream: KeyedStream) -> tuple[Verdict | None, list[Draw]]:
    verdict, draws = replayed(events, stream)
    return (None if verdict.matches else verdict), draws


GAMES: dict[str, Checkable] = {
    keyeddice.GAME: Checkable(wimpout.event_from_dict, _found(keyeddice.draws), "throw"),
    keyedshuffle.GAME: Checkable(poker.event_from_dict, _found(keyedshuffle.draws), "shuffle"),
    keyedchance.GAME: Checkable(funhouse.event_from_dict, _played_again, "draw"),
}
UNREADABLE = (keyeddice.Unreadable, keyedshuffle.Unreadable)


class NotCheckable(ValueError):
    """Why this export cannot be checked (scripted dice, no commitment, no reveal yet, not a game's export)."""


@dataclass(frozen=True, slots=True)
class Checked:
    """A game checked: its words, and whether every value matched."""

    matches: bool
    text: str


def stream_of(dice: dict[str, Any]) -> KeyedStream:
    """The stream a revealed dice record gives (its seed checked against its commitment first)."""
    scheme = dice.get("scheme")
    if scheme != SCHEME:
        raise NotCheckable(dice.get("why") or f"its dice are not checkable (scheme {scheme!r})")
    server_seed = dice.get("server_seed")
    if not server_seed:
        raise NotCheckable(dice.get("sealed") or "its server seed is not revealed yet: it is, once the game is over")
    try:
        if commitment(server_seed) != dice.get("commitment"):
            raise NotCheckable(f"the revealed server seed does not hash to the commitment {dice.get('commitment')}")
        return KeyedStream.of(server_seed, [seat["seed"] for seat in dice.get("seeds", [])])
    except (SeedError, KeyError, TypeError) as error:
        raise NotCheckable(f"its dice record cannot be read ({error})") from None


def draws_of(game: str, events: Sequence[dict[str, Any]], dice: dict[str, Any]) -> list[Draw]:
    """Every value of a game at its address (for the export); none when it cannot be checked (yet)."""
    checkable = GAMES.get(game)
    if checkable is None:
        return []
    try:
        stream = stream_of(dice)
        return checkable.draws([checkable.read(event) for event in events], stream)[1]
    except (NotCheckable, *UNREADABLE, KeyError, TypeError, ValueError):
        return []


def export(game: str, number: int, events: Sequence[dict[str, Any]], dice: dict[str, Any]) -> dict[str, Any]:
    """A game's export as docs/fairness.md describes it (``dice`` as the server keeps it, its seed already blanked
    while the game is not over)."""
    return {"format": FORMAT, "game": game, "number": number, "dice": dice, "events": list(events),
            "draws": [{"address": d.address, "n": d.n, "value": d.value} for d in draws_of(game, events, dice)]}


def verify(export: dict[str, Any]) -> Checked:
    """Check an export: every value recomputed from the revealed seeds, or the first that differs named."""
    game, number = export.get("game"), export.get("number")
    what = f"Run #{number}" if game == keyedchance.GAME else f"Game #{number}"
    checkable = GAMES.get(game) if isinstance(game, str) else None
    try:
        if checkable is None:
            raise NotCheckable(f"there is no game {game!r} to check")
        dice = export.get("dice")
        if not isinstance(dice, dict):
            raise NotCheckable("its dice were not recorded (it was played before checkable dice)")
        stream = stream_of(dice)
        events = [checkable.read(event) for event in export.get("events", [])]
        found, draws = checkable.draws(events, stream)
    except NotCheckable as why:
        return Checked(False, f"{what} cannot be checked: {why}.")
    except (*UNREADABLE, KeyError, TypeError, ValueError) as error:
        return Checked(False, f"{what} cannot be checked: its events cannot be read ({error}).")
    verdict = found or check(stream, draws)
    seeds = ", ".join(seat.get("player", "?") for seat in dice.get("seeds", [])) or "none: the same for everyone"
    if verdict.mismatch is not None:
        return Checked(False, f"{what}: {verdict.mismatch}. The first {verdict.checked} matched.")
    return Checked(True, f"{what}: every {checkable.noun} matches ({verdict.checked} values from the server seed"
                         f" {dice['server_seed']}, sha256 {dice['commitment']}, and the seeds of {seeds}).")


def main(argv: list[str]) -> int:
    """``python -m engine verify FILE``: 0 when every value matches, 1 when one does not or it cannot be checked, 2
    for a file that cannot be read."""
    if len(argv) != 1 or argv[0] in ("-h", "--help"):
        print("usage: python -m engine verify FILE   (a game exported with 'replay <game> json')", file=sys.stderr)
        return 2
    try:
        export = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        print(f"verify: cannot read {argv[0]}: {error}", file=sys.stderr)
        return 2
    if not isinstance(export, dict):
        print(f"verify: {argv[0]} is not a game's export (a JSON object)", file=sys.stderr)
        return 2
    checked = verify(export)
    print(checked.text)
    return 0 if checked.matches else 1
