"""What each viewer may see (POKER-RULES.md, "What players see"): the public state for everyone, a seat's own hand for
that seat only; the deck order, other hands, face-down discards and secret picks for nobody. ``table_view`` is the
state, ``event_for`` one event, as a given viewer (a seated player's name, or None for a watcher) may read them;
``open_event`` one event of a finished teaching game (every hand shown)."""

from __future__ import annotations

from typing import Any

from engine.poker import happenings as ev
from engine.poker.cards import DECK, texts
from engine.poker.pokerstate import FOLDED, IN, OUT, GameState, PlayerState
from engine.poker.wording import numbered

HIDDEN_CARD = "?"


def _part(player: PlayerState) -> str:
    if player.out is not None:
        return "out of the game"
    if player.tapped:
        return "tapped out"
    return {IN: "in", OUT: "out", FOLDED: "folded"}.get(player.status, "")


def _seat(state: GameState, player: PlayerState) -> dict[str, Any]:
    exposed = player.exposed
    return {
        "name": player.name,
        "dealer": player.name == state.dealer,
        "lucre": player.lucre,
        "bases": player.bases,
        "tokens": {"home": player.home, "warp": player.warp_tokens, "out": player.gone_tokens},
        "cards": len(player.hand),
        "state": _part(player),
        "out": player.out,
        "bet": player.bet,
        "share": player.share,
        "shown": texts(sorted(player.shown)),
        "flipped": texts(sorted(player.flipped)),
        "exchanged": player.exchanged,
        "exposed": None if exposed is None else {"cards": texts(exposed.cards), "meld": exposed.meld,
                                                 "values": list(exposed.values)},
    }


def table_view(state: GameState, viewer: str | None) -> dict[str, Any]:
    """The state as ``viewer`` may see it: public state, and under "hand" their own cards (hidden ones as "?")."""
    options = state.hand_options
    view: dict[str, Any] = {
        "hand_number": state.number,
        "phase": state.phase,
        "dealer": state.dealer,
        "waiting_on": list(state.waiting_on()),
        "options": options.changed,
        "warp": state.warp,
        "round": state.round,
        "high_bet": state.high,
        "raises_left": options.max_raises - state.raises,
        "deck": len(state.deck),
        "discard": len(state.discard),
        "turned": [{"card": DECK[card].text, "purpose": purpose}
                   for card, purpose in zip(state.turned, _purposes(state))],
        "wild": state.wild,
        "spit": None if state.spit is None else DECK[state.spit].text,
        "seats": [_seat(state, state.players[name]) for name in state.seats],
        "winner": state.winner,
        "over": state.over,
    }
    me = state.players.get(viewer) if viewer is not None else None
    if me is not None:
        view["you"] = me.name
        view["hand"] = [HIDDEN_CARD if card in me.hidden else DECK[card].text for card in numbered(me)]
        view["pawn"] = list(me.pawn)
    return view


def _purposes(state: GameState) -> list[str]:
    """What each turned card was turned for: the wild card comes first when both are turned."""
    options = state.hand_options
    return (["wild"] if options.wild == "turned" else []) + (["spit"] if options.spit else [])


def open_event(event: ev.Event) -> dict[str, Any]:
    """``event`` with every card it holds (its texts added), as its own player reads it, or as the replay of a
    finished game whose table chose ``replay_hands=all`` (for teaching) shows it; the deck order is only counted."""
    if isinstance(event, ev.Shuffled):
        return {"type": "Shuffled", "cards": len(event.order)}
    data = ev.event_to_dict(event)
    if isinstance(event, ev.Dealt | ev.Discarded | ev.MeldPicked | ev.Flipped | ev.MeldExposed | ev.CardTurned):
        data["texts"] = texts([event.card] if isinstance(event, ev.CardTurned) else event.cards)
    return data


def event_for(event: ev.Event, viewer: str | None) -> dict[str, Any]:
    """``event`` as ``viewer`` may read it: hidden cards become a count (or the bare fact of a pick)."""
    if isinstance(event, ev.Dealt) and (viewer != event.player or event.hidden):
        return {"type": "Dealt", "player": event.player, "count": len(event.cards), "hidden": event.hidden}
    if isinstance(event, ev.Discarded) and not event.face_up and viewer != event.player:
        return {"type": "Discarded", "player": event.player, "count": len(event.cards), "face_up": False}
    if isinstance(event, ev.MeldPicked) and viewer != event.player:
        return {"type": "MeldPicked", "player": event.player}
    return open_event(event)
