"""The daily challenge of Cosmic Wimpout (engine.wimpout.soloday): the day's dice from a secret server seed, made by
the first to ask that day and committed by its SHA-256 (as the Funhouse daily's: ``server.funhouse.funplay``), revealed
at the next 00:00 UTC, when the day's board closes. One attempt a day per account; each move is saved before it is
shown, so a challenge goes on after a restart exactly where it was."""

from __future__ import annotations

import datetime
from typing import Any

from engine.wimpout import Action, event_from_dict, event_to_dict
from engine.wimpout.game import IllegalAction
from engine.wimpout.soloday import SoloDay
from rooms.messages import Refusal
from server.funhouse.funplay import revealed, today
from server.puzzles import puzzlewords as words
from server.store import Store
from server.tables.tabledice import new_record, stream_of

DICE_KIND = "wimpout-daily"
"""The kind of the day's dice record in the store (beside the Funhouse daily's, by date)."""


def day_of(now: float, typed: str = "") -> str:
    """The day named (``yesterday``, a date as 2026-11-28), today by default."""
    word = typed.strip().lower()
    if word in ("", "today"):
        return today(now).isoformat()
    if word == "yesterday":
        return (today(now) - datetime.timedelta(days=1)).isoformat()
    try:
        return datetime.date.fromisoformat(word).isoformat()
    except ValueError:
        raise Refusal(words.NOT_A_DAY.format(word=typed.strip())) from None


async def day_dice(store: Store, day: str) -> dict[str, Any]:
    """The day's secret seed and commitment (made by the first to ask; the first kept wins across processes). No
    player's seed is mixed in: the dice are the same for everyone."""
    return await store.first_dice(DICE_KIND, day, new_record([]))


async def current(store: Store, day: str, player: str) -> SoloDay | None:
    """The player's challenge of ``day``, rebuilt from the store."""
    play = await store.daily_play(day, player)
    if play is None:
        return None
    stream = stream_of(await day_dice(store, day))
    return SoloDay.replay([event_from_dict(event) for event in play.events], stream)


async def begin(store: Store, day: str, player: str, now: float) -> SoloDay:
    """The player's one attempt of the day, stored before it is shown."""
    solo = SoloDay.start(player, stream_of(await day_dice(store, day)))
    if not await store.begin_daily(day, player, [event_to_dict(event) for event in solo.game.events], now):
        raise Refusal(words.ONE_A_DAY.format(day=day))
    return solo


async def move(store: Store, day: str, solo: SoloDay, action: Action, now: float) -> list[Any]:
    """Play a move and save it before it is shown (refused once the day's seed is revealed: the board is closed)."""
    if revealed(day, now):
        raise Refusal(words.CLOSED.format(day=day))
    try:
        events = solo.apply(action)
    except IllegalAction as why:
        raise Refusal(str(why)) from None
    await store.save_daily(day, solo.player, [event_to_dict(event) for event in solo.game.events], solo.score,
                           solo.over)
    return events
