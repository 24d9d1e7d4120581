"""Who is where, and what each action makes everyone see.

Every action returns the deliveries it causes; the caller (the server) hands each to the
recipient's connection. Players are identified by their display names.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from rooms.messages import Delivery, Message, Refusal
from rooms.model import Room


class World:
    """The rooms plus the live positions of everyone connected."""

    def __init__(self, rooms: Mapping[str, Room], start: str) -> None:
        self._rooms = dict(rooms)
        self.start = start
        self._where: dict[str, str] = {}
        self._here: dict[str, dict[str, None]] = {key: {} for key in self._rooms}

    # --- queries -------------------------------------------------------------------------

    def room(self, key: str) -> Room:
        return self._rooms[key]

    def location(self, who: str) -> Room:
        return self._rooms[self._where[who]]

    def is_present(self, who: str) -> bool:
        return who in self._where

    def occupants(self, key: str) -> list[str]:
        """Everyone in a room, in order of arrival."""
        return list(self._here[key])

    def find_player(self, name: str) -> str | None:
        """The connected player called ``name``, ignoring case."""
        wanted = name.strip().casefold()
        return next((who for who in self._where if who.casefold() == wanted), None)

    def matching(self, word: str) -> list[str]:
        """The connected player called ``word``, else every one whose name starts with it."""
        exact = self.find_player(word)
        if exact is not None:
            return [exact]
        wanted = word.strip().casefold()
        return [who for who in self._where if who.casefold().startswith(wanted)] if wanted else []

    def match_player(self, word: str) -> str:
        """The connected player called ``word``, or the only one whose name starts with it."""
        found = self.matching(word)
        if not found:
            raise Refusal(f"{word.strip()} is not connected.")
        if len(found) > 1:
            raise Refusal(f"Who do you mean by {word.strip()}: {_and(sorted(found))}?")
        return found[0]

    # --- presence ------------------------------------------------------------------------

    def arrive(self, who: str) -> list[Delivery]:
        """Place a newly connected player in the start room."""
        self._put(who, self.start)
        return [
            *self._to_room(self.start, Message(f"{who} has connected.", "connect", {"who": who}), but=who),
            Delivery(who, self.describe(who)),
        ]

    def reconnect(self, who: str) -> list[Delivery]:
        """A player's new connection replaced the old one; they stay where they were."""
        key = self._where[who]
        return [
            *self._to_room(key, Message(f"{who} has reconnected.", "reconnect", {"who": who}), but=who),
            Delivery(who, self.describe(who)),
        ]

    def depart(self, who: str) -> list[Delivery]:
        """Remove a disconnecting player from the world."""
        key = self._where.pop(who)
        del self._here[key][who]
        return self._to_room(key, Message(f"{who} has disconnected.", "disconnect", {"who": who}))

    def go(self, who: str, word: str) -> list[Delivery]:
        """Move through the exit called ``word``; both rooms see it happen."""
        here = self.location(who)
        exit_ = here.find_exit(word)
        if exit_ is None:
            raise Refusal("You can't go that way.")
        del self._here[here.key][who]
        left = Message(f"{who} has left.", "leave", {"who": who, "exit": exit_.name})
        out = self._to_room(here.key, left)
        arrived = Message(f"{who} has arrived.", "arrive", {"who": who})
        out += self._to_room(exit_.destination, arrived)
        self._put(who, exit_.destination)
        out.append(Delivery(who, self.describe(who)))
        return out

    def describe(self, who: str) -> Message:
        """What ``look`` shows: the room, who else is here, the ways out."""
        room = self.location(who)
        lines = [room.name, room.description]
        others = [p for p in self._here[room.key] if p != who]
        if others:
            lines.append("Players here: " + ", ".join(others))
        if room.exits:
            lines.append("Obvious exits: " + ", ".join(e.name for e in room.exits))
        fields = {"room": room.key, "name": room.name, "players": ", ".join(others),
                  "exits": ", ".join(e.name for e in room.exits)}
        return Message("\n".join(lines), "room", fields)

    # --- talk ----------------------------------------------------------------------------

    def say(self, who: str, text: str, also: Iterable[str] = ()) -> list[Delivery]:
        """``also``: people elsewhere who hear this room (the players and watchers of its tables)."""
        fields = {"who": who, "text": text}
        return [
            Delivery(who, Message(f'You say, "{text}"', "say", fields)),
            *self._to_room(self._where[who], Message(f'{who} says, "{text}"', "say", fields), but=who, also=also),
        ]

    def pose(self, who: str, text: str, also: Iterable[str] = ()) -> list[Delivery]:
        """``Igor falls down.``; a pose starting with ' or , joins the name (``Igor's``)."""
        message = Message(posed(who, text), "pose", {"who": who, "text": text})
        return self._to_room(self._where[who], message, also=also)

    def whisper(self, who: str, target: str, text: str) -> list[Delivery]:
        """Speak to one person in the same room; nobody else hears."""
        other = self._here_by_name(who, target)
        fields = {"who": who, "to": other, "text": text}
        return [
            Delivery(who, Message(f'You whisper, "{text}" to {other}.', "whisper", fields)),
            Delivery(other, Message(f'{who} whispers, "{text}"', "whisper", fields)),
        ]

    def page(self, who: str, targets: list[str], text: str) -> list[Delivery]:
        """Speak to connected people (``targets``, names as matched) wherever they are."""
        where = self.location(who).name
        fields = {"who": who, "to": ", ".join(targets), "text": text, "from": where}
        also = f" to {_and(targets)}" if len(targets) > 1 else ""
        heard = Message(f'{who} pages from {where}{also}: "{text}"', "page", fields)
        return [
            Delivery(who, Message(f'You page {_and(targets)}: "{text}"', "page", fields)),
            *(Delivery(other, heard) for other in targets),
        ]

    # --- helpers -------------------------------------------------------------------------

    def _put(self, who: str, key: str) -> None:
        self._where[who] = key
        self._here[key][who] = None

    def _to_room(self, key: str, message: Message, but: str | None = None, also: Iterable[str] = ()) -> list[Delivery]:
        listeners = dict.fromkeys([*self._here[key], *(p for p in also if p in self._where)])
        return [Delivery(p, message) for p in listeners if p != but]

    def _here_by_name(self, who: str, target: str) -> str:
        other = self.match_player(target)
        if self._where[other] != self._where[who]:
            raise Refusal(f"{other} is not here.")
        return other


def posed(who: str, text: str) -> str:
    """``Igor falls down.``; a pose starting with ' or , joins the name (``Igor's``)."""
    joiner = "" if text[:1] in ("'", ",") else " "
    return f"{who}{joiner}{text}"


def _and(names: list[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
