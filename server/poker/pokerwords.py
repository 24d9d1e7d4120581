"""New Cosmic Poker in words, per viewer: every event as ``engine.poker.seatview.event_for`` lets that viewer read it
(so another's hand, the deck order and face-down discards can never reach the text), the viewer's own hand as short
ASCII tokens with a legend (or card names for screen readers), and what they may type. Every fixed text of the game
is here."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

from engine.poker import PokerOptions, event_for, table_view
from engine.poker.cards import parse_card
from rooms.poker.pokerview import TABLE_EVENTS, ChangeProposed, PokerOpened, PokerView
from rooms.tables import Absent, RemovalVote, Sat, Stood, TableNews, TimedOut, Watching
from server.render.style import Style

TITLE = "New Cosmic Poker"
LEGEND = "Cards: A8 Attack 8, C Compromise, Kx2 Kicker x2, R+3 Reinforcement +3, E Edict, F Flare."
NO_HAND = "You hold no cards at table {table}: the cards are dealt when the game starts."
NO_TUTORIAL = "New Cosmic Poker has no tutorial yet: 'help poker' tells the rules."
KIND_NAMES = {"A": "Attack", "C": "Compromise", "K": "Kicker times", "R": "Reinforcement plus", "E": "Edict",
              "F": "Flare"}
SHORT_FORMS = {"open": "open N", "raise": "raise N", "draw": "draw CARDS", "flip": "flip CARDS", "meld": "meld CARDS",
               "choose": "choose OPTIONS"}
"""How 'You may' names a move offered in many forms (each amount, each set of cards)."""


def card_words(text: str, style: Style) -> str:
    """A card as shown: its token, or for a screen reader its name (``A-4``: Attack minus 4)."""
    if not style.screenreader or text == "?":
        return "hidden card" if text == "?" and style.screenreader else text
    card = parse_card(text)
    name = KIND_NAMES[card.kind]
    if card.kind in "AKR":
        value = f"minus {-card.value}" if card.value < 0 else str(card.value)
        return f"{name} {value}"
    return name


def cards_words(texts: Sequence[str], style: Style) -> str:
    return ", ".join(card_words(text, style) for text in texts) if style.screenreader else " ".join(texts)


def hand_lines(hand: Sequence[str], style: Style) -> list[str]:
    """``Your hand: 1:A8 2:C ...`` wrapped to the viewer's width (numbers are what commands name)."""
    if not hand:
        return ["Your hand is empty."]
    if style.screenreader:
        return ["Your hand: " + "; ".join(f"{n}, {card_words(t, style)}" for n, t in enumerate(hand, 1)) + "."]
    body = " ".join(f"{n}:{t}" for n, t in enumerate(hand, 1))
    return textwrap.wrap("Your hand: " + body, max(20, style.width - 1), subsequent_indent="  ")


def you_may(commands: Sequence[str]) -> str:
    """The commands, those offered in many forms once each by their form (``open N``)."""
    shown: list[str] = []
    for command in commands:
        verb = command.split()[0]
        many = sum(1 for other in commands if other.split()[0] == verb and other != "meld auto") > 1
        word = SHORT_FORMS[verb] if many and verb in SHORT_FORMS and command not in ("meld auto", verb) else command
        if word not in shown:
            shown.append(word)
    return "You may: " + ", ".join(shown) + "."


def _who(name: str, viewer: str, you: str, other: str) -> str:
    return f"You {you}" if name == viewer else f"{name} {other}"


def _paid(payment: dict[str, Any]) -> str:
    items = payment.get("items") or []
    if not items:
        return ""
    extra = f", {payment['forfeited']} forfeited" if payment.get("forfeited") else ""
    return f" (pawning {' '.join(items)} for {payment['raised']}{extra})"


PLAIN = {
    "Shuffled": "The deck ({cards} cards) is shuffled.",
    "HandStarted": "Hand {number}: {dealer} deals.",
    "PassedOut": "Nobody came in: {dealer} collects {lucre} Lucre from the Bank (no base).",
    "FlipStarted": "Card Flip: each player in shows {count} challenge cards.",
    "RoundEnded": "Betting round {round} is over.",
    "WarpReturned": "Nobody is left to win the hand: {lucre} Lucre go back to the Bank.",
    "HandEnded": "Hand {number} is over.",
}
"""Events told alike to everyone, from their fields alone."""
DONE = {
    "Checked": ("check", "checks", "."),
    "Folded": ("fold", "folds", "."),
    "PawnCleared": ("clear", "clears", " what was named to pawn."),
    "Drew": ("exchange", "exchanges", " {count} cards."),
    "TappedOut": ("tap", "taps", " out: {lucre} Lucre in, one base lost; share {share}."),
    "PlayerOut": ("are", "is", " out of the game: {reason}."),
}
"""Events that are one player doing one thing, from their fields alone: the verb as the player reads it ("You
check"), as others do ("Ann checks"), and the rest of the line."""


def event_line(data: dict[str, Any], viewer: str, number: int, style: Style) -> str | None:
    """One event, already as ``viewer`` may read it (``event_for``), in words; None for bookkeeping."""
    kind, who = data["type"], data.get("player", "")
    if kind in PLAIN:
        return PLAIN[kind].format(**data)
    if kind in DONE:
        you, they, rest = DONE[kind]
        return _who(who, viewer, you, they) + rest.format(**data)
    cards = cards_words(data.get("texts", []), style)
    if kind == "GameCreated":
        options = PokerOptions.model_validate(data["options"])
        bases = "1 base" if options.bases_to_win == 1 else f"{options.bases_to_win} bases"
        return (f"Table {number}: a game of {TITLE} begins for {', '.join(data['seats'])} (first to {bases}, "
                f"{options.start_lucre} Lucre each).\n{LEGEND}")
    if kind == "OptionsChosen":
        chosen = " ".join(name if value == "on" else f"{name}={value}" for name, value in data["chosen"]) or "nothing"
        return f"{data['dealer']} chooses for this hand: {chosen}."
    if kind == "CardTurned":
        return f"{cards} is turned face up beside the Warp ({data['purpose']})."
    if kind == "Dealt":
        hidden = " face down" if data.get("hidden") else ""
        if "texts" in data:
            return f"{_who(who, viewer, 'are', 'is')} dealt {cards}{hidden if who != viewer else ''}."
        return f"{_who(who, viewer, 'are', 'is')} dealt {data['count']} cards{hidden}."
    if kind == "Discarded":
        if data.get("face_up"):
            return f"{_who(who, viewer, 'discard', 'discards')} {cards} face up."
        if "texts" in data and who != viewer:  # a replay showing every hand
            return f"{who} discards {cards} face down."
        count = data["count"] if "count" in data else len(data["cards"])
        return f"{_who(who, viewer, 'discard', 'discards')} {count} cards face down."
    if kind == "Declared":
        if not data["joined"]:
            return f"{_who(who, viewer, 'sit', 'sits')} this hand out."
        return f"{_who(who, viewer, 'are', 'is')} in: ante {data['ante']}{_paid(data['payment'])}."
    if kind == "Flipped":
        return f"{_who(who, viewer, 'flip', 'flips')} {cards or 'nothing'}."
    if kind == "PawnNamed":
        return f"{_who(who, viewer, 'name', 'names')} to pawn: {' '.join(data['items'])}."
    if kind == "RoundStarted":
        return f"Betting round {data['round']}: {', '.join(data['order'])}."
    if kind == "Opened":
        split = f", splitting openers ({len(data['discarded'])} exchanged)" if data.get("shown") else ""
        return f"{_who(who, viewer, 'open', 'opens')} for {data['amount']}{_paid(data['payment'])}{split}."
    if kind == "Called":
        paid = "free (tapped out)" if data.get("free") else f"{data['amount']}{_paid(data['payment'])}"
        return f"{_who(who, viewer, 'call', 'calls')}: {paid}."
    if kind == "Raised":
        return (f"{_who(who, viewer, 'raise', 'raises')} by {data['by']}, paying {data['amount']}"
                f"{_paid(data['payment'])}.")
    if kind == "DrawStarted":
        return "The draw: " + ", ".join(data["order"]) + "."
    if kind == "ShowdownStarted":
        return "Showdown: pick your melds. They are exposed in this order: " + ", ".join(data["order"]) + "."
    if kind == "MeldPicked":
        if "cards" not in data:
            return f"{who} has picked a meld."
        return f"{_who(who, viewer, 'pick', 'picks')} {'no meld' if data.get('no_meld') else cards}."
    if kind == "MeldExposed":
        return f"{_who(who, viewer, 'expose', 'exposes')} {cards or 'no cards'}: {data['meld'] or 'no meld'}."
    if kind == "HandWon":
        base = " and a foreign base" if data["base"] else ""
        back = f" ({data['returned']} back to the Bank)" if data["returned"] else ""
        return f"{_who(who, viewer, 'win', 'wins')} the hand: {data['lucre']} Lucre{base}{back}; {data['reason']}."
    if kind == "GameOver":
        return f"*** {data['winner'] or 'Nobody'} wins the game of {TITLE} at table {number}! ***"
    return None


def table_event_line(event: Any, viewer: str, number: int) -> str | None:
    """What happens at the table besides the game (seats, watchers, options, the timer)."""
    if isinstance(event, Sat):
        return f"{_who(event.player, viewer, 'sit', 'sits')} down at table {number}."
    if isinstance(event, Stood):
        return f"{_who(event.player, viewer, 'leave', 'leaves')} table {number}."
    if isinstance(event, Watching):
        return f"{event.player} {'watches' if event.watching else 'stops watching'} table {number}."
    if isinstance(event, Absent):
        return f"{event.player} {'is away' if event.absent else 'is back'} at table {number}."
    if isinstance(event, RemovalVote):
        waiting = f" (waiting for {', '.join(event.needed)})" if event.needed else ""
        return f"{event.voter} votes to remove {event.target}{waiting}."
    if isinstance(event, TimedOut):
        return f"Time is up for {event.player}: the table plays '{event.command}'."
    if isinstance(event, PokerOpened):
        return f"Table {number} plays {TITLE}: {options_words(event.options)}."
    if isinstance(event, ChangeProposed):
        return (f"{event.by} proposes {options_words(event.options)}; it takes effect when "
                f"{', '.join(event.waiting)} type the same 'table set'.")
    return None


def options_words(changed: dict[str, Any]) -> str:
    return ", ".join(f"{name}={value}" for name, value in changed.items()) or "the standard rules"


def render(news: TableNews, viewer: str, style: Style) -> str:
    """The news as ``viewer`` reads it: game events through ``event_for``, then their hand if it changed or they
    are to move, and what they may type."""
    view: PokerView = news.view
    seated = view.state is not None and viewer in view.state.players
    lines: list[str] = []
    hand_changed = False
    for event in news.events:
        line = table_event_line(event, viewer, news.table)
        if not isinstance(event, TABLE_EVENTS):
            data = event_for(event, viewer if seated else None)
            hand_changed |= data["type"] in ("Dealt", "Discarded", "MeldExposed") and data.get("player") == viewer
            line = event_line(data, viewer, news.table, style)
        if line is not None:
            lines.append(line)
    waited = viewer in view.waiting_on
    if seated and view.state is not None and (hand_changed or waited) and not view.state.over:
        lines += hand_lines(table_view(view.state, viewer)["hand"], style)
    if waited and view.legal.get(viewer):
        lines.append(you_may(view.legal[viewer]))
    return "\n".join(lines)
