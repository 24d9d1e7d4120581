"""Checkable dice at the tables (issue 40, docs/fairness.md): each game's cubes, cards and dealer come from a secret
server seed, committed before play (its SHA-256 shown at the start), mixed with a seed of every seated player
(``@set dice-seed``, or one made for them); the seed is kept with the game (``dice_records``) and revealed at its end,
so that ``verify GAME`` and anyone with the export can recompute every value. Scripted dice (a dice script, the
tutorial) say so instead. The engine draws; this module holds the secret and says what is shown when."""

from __future__ import annotations

import secrets
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

import structlog

from engine import verifying
from engine.keyedstream import SCHEME, SEED_BYTES, KeyedStream, commitment
from rooms.messages import Message, Refusal
from server.community.names import skeleton

if TYPE_CHECKING:
    from rooms.tables import TableNews
    from server.tables.tablehost import TableHost
    from server.tables.livetable import Live
    from server.store import PlayedGame, Store

log = structlog.get_logger()
PREFERENCE = "dice-seed"
"""The account preference holding a player's own seed ('@set dice-seed TEXT')."""
GAME = "game"
"""The kind of a game's dice record in the store (the others: ``run``, ``daily``)."""
SCRIPTED = "scripted"
MADE_SEED_BYTES = 8

COMMITTED = "dice: sha256 {commitment} (seeds: {seeds}). At the end the server seed is shown: 'verify {game}' checks" \
            " every throw."
SCRIPTED_DICE = "dice: scripted ({why}): this game's dice cannot be checked."
REVEALED = "dice: server seed {seed} (sha256 {commitment}): 'verify {game}' checks every throw, 'replay {game} json'" \
           " exports the game."
DICE_SEED_IS = "Your dice seed: {seed!r}. It is mixed into the dice of every game you start at ('help verify')."
DICE_SEED_NONE = "You have no dice seed of your own: one is made for you for each game ('@set dice-seed TEXT')."
SEATS_CHANGED = "Someone sat down or left as the game was starting: type 'start' again."
SEALED = "sealed"
"""In a dice record shared by a duplicate event's tables: why its seed is not revealed at the game's end (the group's
other tables still throw those cubes); dropped when the event reveals it (server.duplicate)."""
WATCH_SEALED = "Table {table} throws the same dice as yours (a duplicate event's group): watch it once your game is" \
               " over."
REPLAY_SEALED = "Game #{game} cannot be replayed yet: {why}."
NOT_RECORDED = {"scheme": "none", "why": "its dice were not recorded (it was played before checkable dice)"}
TUTORIAL_WHY = "the tutorial's loaded dice"
SCRIPT_WHY = "this server's dice script"


def new_record(seeds: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """A fresh secret server seed from the operating system, its commitment, and the players' seeds in seat order."""
    server_seed = secrets.token_hex(SEED_BYTES)
    return {"scheme": SCHEME, "commitment": commitment(server_seed), "server_seed": server_seed, "seeds": list(seeds)}


def scripted(why: str) -> dict[str, Any]:
    return {"scheme": SCRIPTED, "why": f"its dice were scripted ({why})", "source": why}


def made_seed() -> str:
    return secrets.token_hex(MADE_SEED_BYTES)


def stream_of(record: dict[str, Any]) -> KeyedStream:
    return KeyedStream.of(record["server_seed"], [seat["seed"] for seat in record["seeds"]])


def shown(record: dict[str, Any] | None, over: bool) -> dict[str, Any] | None:
    """A dice record as anyone may see it: the server seed blank until the game is over (a duplicate event's, until
    its round is)."""
    if record is None or (over and SEALED not in record) or "server_seed" not in record:
        return record
    return {**record, "server_seed": ""}


async def seeds_of(store: Store, names: Sequence[str], bots: Collection[str]) -> list[dict[str, Any]]:
    """Each seated player's seed, in seat order: their own ('@set dice-seed'), or one made for them (a house bot's
    always)."""
    seeds = []
    for name in names:
        own = None if name in bots else (await store.preferences(skeleton(name))).get(PREFERENCE)
        seeds.append({"player": name, "seed": own or made_seed(), "made": own is None})
    return seeds


async def start(tables: TableHost, live: Live, by: str) -> TableNews | None:
    """Start the table's game on checkable dice (kept in the store before any is drawn), their commitment shown
    before its first news; a tutorial's or a dice script's are scripted, and the table is told so."""
    table, store = live.table, tables.store
    seats = list(table.seats)
    record = scripted(TUTORIAL_WHY) if live.learner is not None else live.shared_dice or new_record(
        await seeds_of(store, seats, table.bots))
    source = None if live.learner is not None else live.kind.keyed(stream_of(record), lambda: live.table,
                                                                   tables.settings)
    if source is None and live.learner is None:
        record = scripted(SCRIPT_WHY)
    await store.save_dice(GAME, str(live.game_id), record)

    def move() -> TableNews:
        if list(live.table.seats) != seats:
            raise Refusal(SEATS_CHANGED)
        live.table.advice = not live.rated
        news = live.table.start(by, source or live.dice)
        live.dice, live.checked = source or live.dice, record
        log.info("table.dice", table=table.number, game=live.game_id, scheme=record["scheme"],
                 commitment=record.get("commitment"))
        tables.tell(live, [committed(live)], live.table.audience)  # before the roll-off it commits to
        return news

    return await tables.act(live, move)


def committed(live: Live) -> Message:
    """What the table is shown at the start of its game: the commitment and the seeds, or that the dice are
    scripted."""
    record, game = live.checked or {}, live.game_id
    if record.get("scheme") != SCHEME:
        text = SCRIPTED_DICE.format(why=record.get("source", SCRIPT_WHY))
        return Message(text, "dice", {"table": str(live.table.number), "game": str(game), "scheme": SCRIPTED})
    seeds = ", ".join(f"{s['player']} {s['seed']!r}" + (" (made)" if s["made"] else "") for s in record["seeds"])
    return Message(COMMITTED.format(commitment=record["commitment"], seeds=seeds, game=game), "dice",
                   {"table": str(live.table.number), "game": str(game), "scheme": SCHEME,
                    "commitment": record["commitment"]})


def revealed(live: Live) -> list[Message]:
    """What the table is shown when its game ends (over or abandoned): the server seed, now that nothing is left to
    draw. Nothing for a game never started, or scripted."""
    record = live.checked
    if record is None or record.get("scheme") != SCHEME or not live.table.play.started or SEALED in record:
        return []
    text = REVEALED.format(seed=record["server_seed"], commitment=record["commitment"], game=live.game_id)
    return [Message(text, "dice", {"table": str(live.table.number), "game": str(live.game_id), "scheme": SCHEME,
                                   "commitment": record["commitment"], "server_seed": record["server_seed"]})]


async def restored(tables: TableHost, live: Live) -> None:
    """A table brought back (a restart, a reload): its game's dice drawn on as before, from its stored record. A game
    started before checkable dice goes on with the server's others (and says it cannot be checked)."""
    if live.learner is not None or not live.table.play.started:
        return
    record = await tables.store.dice(GAME, str(live.game_id))
    if record is None:
        return
    live.checked = record
    if record.get("scheme") == SCHEME:
        source = live.kind.keyed(stream_of(record), lambda: live.table, tables.settings)
        if source is not None:
            live.dice = source


def same_dice(mine: Live | None, other: Live) -> bool:
    """``other`` throws the dice that ``mine`` still throws (tables of one duplicate group): what a player seated at
    ``mine`` may not watch."""
    group = (mine.checked or {}).get("group") if mine is not None and mine is not other else None
    return group is not None and other.game_id in group["games"]


async def unsealed(store: Store, game: int) -> None:
    """Refuse to show a game whose dice other tables still throw (its duplicate round is not over): its throws are
    their future throws."""
    why = await sealed(store, game)
    if why is not None:
        raise Refusal(REPLAY_SEALED.format(game=game, why=why))


async def sealed(store: Store, game: int) -> str | None:
    """Why a game's throws are still sealed (when its server seed is revealed), or None: shown to nobody, nor
    counted in anyone's faces."""
    record = await store.dice(GAME, str(game))
    return None if record is None else record.get(SEALED)


async def game_export(store: Store, game: int, played: PlayedGame) -> dict[str, Any]:
    """A finished game as docs/fairness.md's export: its events, its dice record (revealed: the game is over) and
    every value it drew at its address."""
    record = shown(await store.dice(GAME, str(game)), True) or NOT_RECORDED
    return verifying.export(played.game, game, played.events, record)
