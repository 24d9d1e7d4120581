"""verify: a finished game's dice checked against the seeds revealed at its end (docs/fairness.md); dice: the faces
thrown, against fair cubes."""

from __future__ import annotations

import asyncio
from typing import Any

from engine import verifying, wimpout
from engine.numbers import typed_number
from engine.wimpout import keyeddice
from engine.wimpout.facecounts import CUBES, FaceCounts, chi_square, p_value
from rooms.messages import Message, Refusal
from server.commands.args import UsageError
from server.commands.records import finished_game
from server.commands.registry import command
from server.session import Session
from server.tables.tabledice import game_export, sealed, unsealed


@command("verify", category="records")
async def verify(session: Session, args: str) -> None:
    """verify <game>

    Check a finished game's dice: every cube thrown, card dealt and first
    dealer is computed again from the server seed revealed at its end (it
    must hash to the 'dice: sha256 ...' shown at its start) and the seated
    players' seeds ('@set dice-seed TEXT' chooses yours). Says 'every throw
    matches', or names the first that does not. 'replay <game> json'
    exports the game to check it yourself ('python -m engine verify FILE',
    or a few lines of any language: docs/fairness.md). Scripted dice (the
    tutorial) say so. A duplicate event's game shares its dice with the other
    tables of its group: its seed is revealed, and it can be checked, once
    its round is over ('help event').
    """
    game, played = await finished_game(session, args)
    exported = await game_export(session.services.store, game, played)
    checked = await asyncio.to_thread(verifying.verify, exported)
    session.send(Message(checked.text, "verify", {"game": str(game), "matches": "yes" if checked.matches else "no"}))


@command("dice", category="records")
async def dice(session: Session, args: str) -> None:
    """dice [player | all] [game]

    The faces a player threw in Cosmic Wimpout (you, if none is named; 'all':
    the whole server) against what fair cubes give, each face 1/6, with the
    chi-square test (Pearson's): how surprising the counts would be from fair
    cubes. Counts the last 50 finished games (the server's last 200), or one
    game by its number ('dice Ann 12'). Every cube counts once a throw; a
    duplicate event's game, once its round is over.
    """
    words = args.split()
    game = typed_number(words.pop().lstrip("#")) if words and words[-1].lstrip("#").isdigit() else None
    if len(words) > 1:
        raise UsageError
    name = words[0] if words else session.player
    store = session.services.store
    everyone = name.lower() == "all"
    if game is not None:
        await unsealed(store, game)
        ids = [game]
    elif everyone:
        ids = await store.recent_games(keyeddice.GAME, SERVER_GAMES)
    else:
        ids = [summary.game_id for summary in await store.history(name, PLAYER_GAMES)]
    played = [found for game_id in ids if (found := await store.game_events(game_id)) is not None
              and found.game == keyeddice.GAME and (game is not None or await sealed(store, game_id) is None)]
    counts, games = await asyncio.to_thread(_counted, [p.events for p in played], None if everyone else name)
    who = "everyone on this server" if everyone else name
    if not games:
        raise Refusal(NO_DICE.format(who=who))
    session.page(dice_text(who, games, counts), "records")


SERVER_GAMES, PLAYER_GAMES = 200, 50
"""How many of the newest games 'dice' reads (each a query of its events: the whole server's would be unbounded)."""
NO_DICE = "No finished Cosmic Wimpout games to count the dice of for {who}."


def _counted(games: list[list[dict[str, Any]]], name: str | None) -> tuple[FaceCounts, int]:
    """Faces of ``name``'s cubes (everyone's: None) in the games they played; how many games counted."""
    counts, counted = FaceCounts(), 0
    for records in games:
        events = [wimpout.event_from_dict(record) for record in records]
        players = getattr(events[0], "players", ()) if events else ()
        if name is not None and name not in players:
            continue
        try:
            counts.add(keyeddice.draws(events), None if name is None else players.index(name))
        except keyeddice.Unreadable:
            continue
        counted += 1
    return counts, counted


def dice_text(who: str, games: int, counts: FaceCounts) -> str:
    lines = [f"Faces thrown by {who} in {games} game{'s' if games != 1 else ''} of Cosmic Wimpout"
             ":"]
    for kind, labels in CUBES.items():
        thrown = counts.thrown(kind)
        if not thrown:
            continue
        faces = [f"{label:>3}: {n} ({100 * n / thrown:.1f}%)" for label, n in zip(labels, counts.counts[kind])]
        statistic = chi_square(counts.counts[kind])
        lines.append(f"  {kind} cubes ({thrown} thrown; fair cubes: 16.7% each face):")
        lines += ["    " + "   ".join(faces[row:row + 3]) for row in (0, 3)]
        chance = p_value(statistic)
        lines.append(f"    chi-square {statistic:.2f} (5 degrees of freedom): p = {chance:.3f}")
        lines.append(f"    (fair cubes stray at least this far {100 * chance:.0f}% of the time)")
    return "\n".join(lines)
