"""A poker table at a glance: the score sheet (Lucre, bases, tokens, cards in hand, and the viewer's own hand only),
the options in force, the table's line in listings and the status prompt; a player's 'stats' and 'top'."""

from __future__ import annotations

from collections.abc import Sequence

from engine.poker import PokerOptions, table_view
from rooms.poker.pokerview import PokerView
from server.poker.pokerwords import LEGEND, NO_HAND, TITLE, hand_lines, options_words
from server.render.columns import narrowed
from server.render.style import Style
from server.store import Stats

WIDE_ROW = "{mark}{name:<16} {lucre:>5} {bases:>5} {home:>4} {warp:>4} {gone:>4} {cards:>5} {bet:>4}  {state}"
NARROW_ROW = "{mark}{name:<12} L{lucre} B{bases} T{home}/{warp}/{gone} C{cards} {state}"
TOP_ROW = "{rank:>3}. {name:<16} {wins:>5} {games:>6} {hands:>6} {bases:>6}"


def scoreboard(view: PokerView, viewer: str, style: Style) -> str:
    head = f"Table {view.table}: {TITLE}, {view.status.value}"
    if view.state is None:
        return "\n".join([head, *(f"  {seat.name}" for seat in view.seats), f"Options: {options_words(view.options.changed)}."])
    seen = table_view(view.state, viewer if viewer in view.state.players else None)
    wide = style.width >= 60 and not style.screenreader
    lines = [head, f"Hand {seen['hand_number']}, {seen['phase']}; Warp {seen['warp']} Lucre, high bet "
                   f"{seen['high_bet']}, raises left {seen['raises_left']}; deck {seen['deck']}, discards "
                   f"{seen['discard']}."]
    if wide:
        lines.append(WIDE_ROW.format(mark=" ", name="Player", lucre="Lucre", bases="Bases", home="Home", warp="Warp",
                                     gone="Gone", cards="Cards", bet="Bet", state="State"))
    for seat in seen["seats"]:
        tokens = seat["tokens"]
        state = seat["state"] + (f", share {seat['share']}" if seat["share"] is not None else "")
        row = WIDE_ROW if wide else NARROW_ROW
        lines.append(row.format(mark="*" if seat["dealer"] else " ", name=seat["name"], lucre=seat["lucre"],
                                bases=seat["bases"], home=tokens["home"], warp=tokens["warp"], gone=tokens["out"],
                                cards=seat["cards"], bet=seat["bet"], state=state))
        if seat["exposed"]:
            lines.append(f"    exposed {' '.join(seat['exposed']['cards'])}: {seat['exposed']['meld'] or 'no meld'}")
        elif seat["shown"]:
            lines.append(f"    shown {' '.join(seat['shown'])}")
    if seen["turned"]:
        lines.append("Turned: " + ", ".join(f"{t['card']} ({t['purpose']})" for t in seen["turned"]))
    lines.append("* deals. " + ("" if wide else "L Lucre, B bases, T tokens home/Warp/gone, C cards."))
    if "hand" in seen:
        lines += hand_lines(seen["hand"], style)
        if not style.screenreader:
            lines.append(LEGEND)
    return "\n".join(line.rstrip() for line in lines)


def hand_text(view: PokerView, player: str, style: Style) -> str:
    """The player's own hand and the legend (before the deal, or once out of the game, there is none)."""
    if view.state is None or player not in view.state.players:
        return NO_HAND.format(table=view.table)
    lines = hand_lines(table_view(view.state, player)["hand"], style)
    return "\n".join(lines if style.screenreader else [*lines, LEGEND])


def rules_text(view: PokerView) -> str:
    options = view.options
    lines = [f"Table {view.table} plays {TITLE}: {options.start_lucre} Lucre each, first to "
             f"{options.bases_to_win} foreign bases; ante {options.rate('ante')}; rates {options.rates}; bet limit "
             f"{options.bet_limit}; {options.max_raises} raises a round; draw up to {options.max_draw}; melds up to "
             f"{options.max_meld} cards."]
    switched = {name: value for name, value in options.changed.items()
                if name not in ("start_lucre", "bases_to_win", "rates", "bet_limit", "max_raises", "max_draw",
                                "max_meld")}
    lines.append("Variations: " + (options_words(switched) if switched else "none") + ". 'help poker' tells more.")
    return "\n".join(lines)


def summary(options: PokerOptions) -> str:
    return f"{TITLE}, {options_words(options.changed)}"


def table_line(view: PokerView, room: str | None = None) -> str:
    where = f" in {room}" if room is not None else ""
    seats = ", ".join(f"{seat.name} {seat.score}" if view.state is not None else seat.name for seat in view.seats)
    return f"Table {view.table}{where}: {TITLE} ({view.status.value}). Seats: {seats or 'none'}."


def status_prompt(view: PokerView, width: int) -> str:
    """Public figures only (the prompt has no viewer)."""
    if view.state is None:
        return f"[T{view.table} poker {view.status.value}] >"
    state = view.state
    waiting = ",".join(view.waiting_on) or view.status.value
    text = f"[T{view.table} hand {state.number} {state.phase} | Warp {state.warp} | {waiting}] >"
    return text if len(text) < width else f"[T{view.table} {state.phase} W{state.warp}] >"


def stats_text(name: str, s: Stats) -> str:
    return (f"{name}: {s.games} {TITLE} games, {s.wins} wins, {s.hands_won} hands won, {s.bases} foreign bases, "
            f"biggest Warp won {s.best_warp}.")


def leaderboard(leaders: Sequence[tuple[str, Stats]], width: int) -> str:
    """The leaders in 80 columns; on a narrower screen, columns as wide as their cells and the last left out."""
    header = TOP_ROW.format(rank="", name="Player", wins="Wins", games="Games", hands="Hands", bases="Bases")
    rows = [TOP_ROW.format(rank=rank, name=name, wins=s.wins, games=s.games, hands=s.hands_won, bases=s.bases)
            for rank, (name, s) in enumerate(leaders, 1)]
    heads = ["#", "Player", "Wins", "Games", "Hands", "Bases"]
    cells = [[f"{rank}.", name, s.wins, s.games, s.hands_won, s.bases] for rank, (name, s) in enumerate(leaders, 1)]
    return "\n".join([f"{TITLE}:", *narrowed([header, *rows], [heads, *cells], width, right=(0, 2, 3, 4, 5))])
