"""Moves at a Cosmic Wimpout table: throwing, stopping, the choices a throw offers, Insurance, and the Guiding Light.

Each verb reads the typed words into a move at the player's table (rooms.wimpout.turnwords reads them; the engine says why a
move is refused); server.commands.gameverbs makes each a command, its docstring the help.
"""

from __future__ import annotations

from rooms.wimpout.wimpoutplay import wimpout_play
from server.games.gametypes import AtTable, Move, Verb
from server.words.usage import required


def _turn(player: str, live: AtTable, line: str) -> Move:
    return lambda: live.table.move(player, line, live.dice)


def roll(player: str, live: AtTable, args: str) -> Move:
    """roll      or      r

    Throw the live cubes (all five at the start of your turn).
    """
    return _turn(player, live, "roll")


def stop(player: str, live: AtTable, args: str) -> Move:
    """stop      or      s

    Bank your turn total (the rules may not let you yet: you are told why).
    """
    return _turn(player, live, "stop")


def keep(player: str, live: AtTable, args: str) -> Move:
    """keep sun 10      or      keep sun 5

    When a throw can score more than one way, count the sun cube as a 10 or a 5.
    """
    return _turn(player, live, f"keep {args}")


def reroll(player: str, live: AtTable, args: str) -> Move:
    """reroll sun

    When offered, leave the sun cube unscored and throw it again.
    """
    return _turn(player, live, f"reroll {args}")


def flash(player: str, live: AtTable, args: str) -> Move:
    """flash <face>

    When the sun can complete more than one flash, say which: 'flash 4'.
    """
    return _turn(player, live, f"flash {args}")


def spend(player: str, live: AtTable, args: str) -> Move:
    """spend 2      or      spend 4 <player>

    Insurance: spend 2 Insurance Points to cancel your own throw, or 4 to cancel
    another player's, while the throw waits for Insurance.
    """
    return _turn(player, live, f"spend {args}")


def pass_(player: str, live: AtTable, args: str) -> Move:
    """pass

    Insurance: let the throw on the table stand.
    """
    return _turn(player, live, "pass")


def propose(player: str, live: AtTable, args: str) -> Move:
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
    line = required(args)
    play = wimpout_play(live.table)
    return lambda: play.propose(player, line, live.dice)


def honour_rule(args: str) -> bool:
    """``propose "free text"``: the proposer's own words, shown to everyone at the table."""
    return args.strip()[:1] in ('"', "'")


def vote(player: str, live: AtTable, args: str) -> Move:
    """vote yes|no [proposal]      or      vote remove <player>

    Vote on a Guiding Light proposal (its number if several are open), or to
    remove a player who has lost their connection, or who has missed two
    deadlines in a row at a correspondence table (everyone else still playing
    must agree; it counts as a loss for them).
    """
    verb, _, target = required(args).partition(" ")
    if verb.lower() == "remove":
        who = required(target)
        return lambda: live.table.vote_remove(player, who, live.dice)
    play = wimpout_play(live.table)
    return lambda: play.vote(player, args, live.dice)


VERBS = (
    Verb("roll", roll), Verb("stop", stop, ("s",)), Verb("keep", keep), Verb("reroll", reroll), Verb("flash", flash),
    Verb("spend", spend), Verb("pass", pass_), Verb("propose", propose, speaks=honour_rule), Verb("vote", vote),
)
"""In the order of the help index."""
