"""Moves at your table: throwing, stopping, the choices a throw offers, Insurance, and the Guiding Light.

Each command hands the typed words to the table (rooms.turnwords reads them); the engine says why a move is refused.
"""

from __future__ import annotations

from server.commands.args import required
from server.commands.registry import command
from server.commands.tables import seated
from server.session import Session


async def _move(session: Session, line: str) -> None:
    live = seated(session)
    tables = session.server.tables
    await tables.act(live, lambda: live.table.play(session.player, line, live.dice))


@command("roll", category="turn")
async def roll(session: Session, args: str) -> None:
    """roll      or      r

    Throw the live cubes (all five at the start of your turn).
    """
    await _move(session, "roll")


@command("stop", "s", category="turn")
async def stop(session: Session, args: str) -> None:
    """stop      or      s

    Bank your turn total (the rules may not let you yet: you are told why).
    """
    await _move(session, "stop")


@command("keep", category="turn")
async def keep(session: Session, args: str) -> None:
    """keep sun 10      or      keep sun 5

    When a throw can score more than one way, count the sun cube as a 10 or a 5.
    """
    await _move(session, f"keep {args}")


@command("reroll", category="turn")
async def reroll(session: Session, args: str) -> None:
    """reroll sun

    When offered, leave the sun cube unscored and throw it again.
    """
    await _move(session, f"reroll {args}")


@command("flash", category="turn")
async def flash(session: Session, args: str) -> None:
    """flash <face>

    When the sun can complete more than one flash, say which: 'flash 4'.
    """
    await _move(session, f"flash {args}")


@command("spend", category="turn")
async def spend(session: Session, args: str) -> None:
    """spend 2      or      spend 4 <player>

    Insurance: spend 2 Insurance Points to cancel your own throw, or 4 to cancel
    another player's, while the throw waits for Insurance.
    """
    await _move(session, f"spend {args}")


@command("pass", category="turn")
async def pass_(session: Session, args: str) -> None:
    """pass

    Insurance: let the throw on the table stand.
    """
    await _move(session, "pass")


@command("propose", category="turn")
async def propose(session: Session, args: str) -> None:
    """propose <rule> [value]      or      propose "free text"

    The Guiding Light: propose a rule change ('propose goal 300', 'propose bump
    on') or an honour rule in quotes. Your own yes is counted when you propose.
    Everyone else still playing must vote yes ('vote yes 1'); one 'no' defeats
    it. It takes effect at the start of the next turn (at once if the game's
    first throw is still to come). A proposal not agreed by the end of your
    next turn expires. Before the game starts, everyone seated votes and it
    takes effect at once; one still open when the game starts lapses. House
    bots vote yes at once: they accept any change. 'rules' shows each open
    proposal, who has voted and who has not.
    """
    live = seated(session)
    tables = session.server.tables
    await tables.act(live, lambda: live.table.propose(session.player, required(args), live.dice))


@command("vote", category="turn")
async def vote(session: Session, args: str) -> None:
    """vote yes|no [proposal]      or      vote remove <player>

    Vote on a Guiding Light proposal (its number if several are open), or to
    remove a player who has lost their connection (everyone else still playing
    must agree).
    """
    live = seated(session)
    tables = session.server.tables
    verb, _, target = required(args).partition(" ")
    if verb.lower() == "remove":
        await tables.act(live, lambda: live.table.vote_remove(session.player, required(target), live.dice))
    else:
        await tables.act(live, lambda: live.table.vote(session.player, args, live.dice))
