"""A duplicate round's end: each game's result compared seat by seat across its group (engine.matchpoints), its
share of the top (in percent, as bridge ranks: groups of any size weigh the same) added to the standings (each game counted once, so a restart half way through counts nothing twice), the
groups' server seeds revealed (each game's dice record unsealed: 'verify' checks it), and the results table by seat
(as a bridge traveller) told to the entrants; ``round_results`` shows it again ('event N')."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import structlog

from engine.matchpoints import matchpoints, percentage, top
from rooms.messages import Delivery, Message
from server.tables import tabledice
from server.duplicate import duplicatetexts as words
from server.duplicate.dealing import KIND, round_ref

if TYPE_CHECKING:
    from server.store import Store
    from server.competition.runningevent import Running
    from server.duplicate.eventhost import EventHost

log = structlog.get_logger()


@dataclass(frozen=True, slots=True)
class Row:
    """One player's result in one seat of a group: where they played, and their matchpoints (None: abandoned)."""

    seat: int
    name: str
    game: int
    table: int
    result: tuple[bool, int] | None
    points: int | None
    top: int


async def scored(store: Store, group: dict[str, Any]) -> list[Row]:
    """A group's rows, seat by seat, each game's result as stored (none for a game abandoned)."""
    games = group["games"]
    results = []
    for game in games:
        rows = await store.results_of(game["game"])
        results.append({player: (won, score) for player, won, score in rows})
    rows = []
    for seat in range(group["seats"]):
        column = [found.get(game["players"][seat]) for game, found in zip(games, results)]
        most = top(column)
        for game, result, points in zip(games, column, matchpoints(column)):
            rows.append(Row(seat, game["players"][seat], game["game"], game["table"], result, points, most))
    return rows


def share(row: Row) -> int:
    """What a result adds to the standings: its matchpoints' share of the top, in whole percent."""
    return int(percentage(row.points or 0, row.top) + 0.5)


async def close_round(events: EventHost, run: Running) -> None:
    """The round being played is over (none of its tables is left): score it, reveal its dice, tell the entrants.
    Nothing when it was closed already."""
    store, round = events.store, run.record.round
    record = await store.dice(KIND, round_ref(run.number, round))
    if record is None or record["revealed"]:
        return
    messages = []
    for group in record["groups"]:
        rows = await scored(store, group)
        for game in group["games"]:
            scores = [(row.name, share(row), row.result[0]) for row in rows
                      if row.game == game["game"] and row.result is not None]
            await store.score_event_game(run.number, game["game"], scores)
            names = frozenset(game["players"])
            for name in names:
                run.met[name] = run.met.get(name, frozenset()) | (names - {name})
            dice = await store.dice(tabledice.GAME, str(game["game"]))
            if dice is not None and tabledice.SEALED in dice:
                await store.save_dice(tabledice.GAME, str(game["game"]),
                                      {k: v for k, v in dice.items() if k != tabledice.SEALED})
        messages += [results_message(run.number, round, group, rows), revealed_message(run.number, round, group)]
    await store.save_dice(KIND, round_ref(run.number, round), {**record, "revealed": True})
    log.info("event.duplicate_scored", number=run.number, round=round)
    entrants = [line.standing.name for line in await store.standings(run.number) if not line.standing.house]
    events.presence.deliver(Delivery(name, message) for message in messages for name in entrants)


async def round_results(store: Store, event: int, round: int) -> list[Message]:
    """A round's results tables (one a group), once it is over; while it is played, only that it is."""
    record = await store.dice(KIND, round_ref(event, round))
    if record is None:
        return []
    if not record["revealed"]:
        said = words.BEING_PLAYED.format(number=event, round=round)
        return [Message(said, "event_results", {"event": str(event), "round": str(round), "over": "no"})]
    return [results_message(event, round, group, await scored(store, group)) for group in record["groups"]]


def results_message(event: int, round: int, group: dict[str, Any], rows: list[Row]) -> Message:
    """A group's results by seat, in words and as fields (``player.N``, ``seat.N``, ``matchpoints.N``... a row each,
    seat by seat, best first)."""
    lines = [words.RESULTS.format(number=event, round=round, seats=group["seats"],
                                  commitment=group["dice"]["commitment"])]
    fields = {"event": str(event), "round": str(round), "over": "yes", "seats": str(group["seats"]),
              "commitment": group["dice"]["commitment"]}
    ordered = sorted(rows, key=lambda row: (row.seat, row.points is None, -(row.points or 0), row.name.casefold()))
    for n, row in enumerate(ordered, 1):
        if n == 1 or ordered[n - 2].seat != row.seat:
            lines.append(words.RESULT_SEAT.format(seat=row.seat + 1))
        if row.result is None:
            lines.append(words.RESULT_ABANDONED.format(name=row.name, table=row.table))
        else:
            won, score = row.result
            lines.append(words.RESULT_ROW.format(name=row.name, table=row.table, outcome=words.WON if won else words.LOST,
                                                 score=score, points=row.points, top=row.top,
                                                 percent=percentage(row.points or 0, row.top)))
            fields |= {f"score.{n}": str(score), f"won.{n}": "yes" if won else "no",
                       f"matchpoints.{n}": str(row.points), f"top.{n}": str(row.top)}
        fields |= {f"player.{n}": row.name, f"seat.{n}": str(row.seat + 1), f"game.{n}": str(row.game),
                   f"table.{n}": str(row.table)}
    return Message("\n".join(lines), "event_results", fields)


def revealed_message(event: int, round: int, group: dict[str, Any]) -> Message:
    dice = group["dice"]
    games = ", ".join(f"#{game['game']}" for game in group["games"])
    said = words.REVEALED.format(number=event, round=round, seed=dice["server_seed"], commitment=dice["commitment"],
                                 games=games)
    return Message(said, "dice", {"event": str(event), "round": str(round), "scheme": dice["scheme"],
                                  "commitment": dice["commitment"], "server_seed": dice["server_seed"],
                                  "games": " ".join(str(game["game"]) for game in group["games"])})
