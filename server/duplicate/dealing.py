"""A duplicate round seated on shared dice: every table opened first, then each group (the tables with as many seats)
given one fresh dice record (a secret server seed, the seeds of everyone in the group in its order), kept in the store
as the round's record before any game starts, and each table's game started on its group's record, sealed until the
round is over."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import structlog

from rooms.messages import Delivery, Message
from server.tables import tabledice
from server.duplicate import duplicatetexts as words
from server.tables.livetable import Live

if TYPE_CHECKING:
    from server.competition.runningevent import Running
    from server.duplicate.eventhost import EventHost

log = structlog.get_logger()
KIND = "duplicate"
"""The kind of a round's record in the store's dice records (its ref ``<event>/<round>``)."""


def round_ref(event: int, round: int) -> str:
    return f"{event}/{round}"


def rotated(names: list[str], house: set[str], round: int) -> list[str]:
    """A table's people in their seats for ``round``: turned by one seat a round, so nobody keeps the first seat (the
    house bots sit after them, as the server seats bots)."""
    people = [name for name in names if name not in house]
    turn = (round - 1) % len(people) if people else 0
    return people[turn:] + people[:turn] + [name for name in names if name in house]


async def seat_round(events: EventHost, run: Running, tables: list[list[str]], house: set[str], round: int) -> None:
    """Seat one round of a duplicate event: the tables opened, grouped by their number of seats, each group's shared
    dice kept as the round's record, then every game started."""
    store = events.store
    opened = [live for names in tables
              if (live := await events.open_table(run, rotated(names, house, round), house, round)) is not None]
    groups: dict[int, list[Live]] = {}
    for live in opened:
        groups.setdefault(len(live.table.seats), []).append(live)
    record: dict[str, Any] = {"event": run.number, "round": round, "revealed": False, "groups": []}
    for seats, lives in sorted(groups.items()):
        names = [name for live in lives for name in live.table.seats]
        bots = {name for live in lives for name in live.table.bots}
        dice = tabledice.new_record(await tabledice.seeds_of(store, names, bots))
        games = [{"game": live.game_id, "table": live.table.number, "players": list(live.table.seats)}
                 for live in lives]
        record["groups"].append({"seats": seats, "dice": dice, "games": games})
        sealed = words.SEALED.format(round=round, event=run.number)
        for live in lives:
            live.shared_dice = {**dice, tabledice.SEALED: sealed,
                                "group": {"event": run.number, "round": round,
                                          "games": [game["game"] for game in games]}}
    await store.save_dice(KIND, round_ref(run.number, round), record)
    log.info("event.duplicate_round", number=run.number, round=round,
             groups=[[game["game"] for game in group["games"]] for group in record["groups"]])
    for group in record["groups"]:
        games = ", ".join(f"#{game['game']}" for game in group["games"])
        said = words.YOUR_GROUP.format(number=run.number, round=round, tables=len(group["games"]),
                                       seats=group["seats"], games=games)
        message = Message(said, "event_group", {"event": str(run.number), "round": str(round),
                                                "seats": str(group["seats"]), "commitment": group["dice"]["commitment"],
                                                "games": " ".join(str(game["game"]) for game in group["games"])})
        events.presence.deliver(Delivery(name, message) for game in group["games"] for name in game["players"]
                              if name not in house)
    for live in opened:
        await events.hosting.begin(live)
