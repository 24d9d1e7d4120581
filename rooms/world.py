"""Who is where, and what each action makes everyone see.

Every action returns the deliveries it causes; the caller (the server) hands each to the
recipient's connection. Players are identified by their display names.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping

from rooms.messages import Delivery, Message, Refusal, listed, speech
from rooms.model import EXITS_LISTED_WITH, Room


class World:
    """The rooms plus the live positions of everyone connected."""

    def __init__(self, rooms: Mapping[str, Room], start: str) -> None:
        self._rooms = dict(rooms)
        self.start = start
        self._where: dict[str, str] = {}
        self._here: dict[str, dict[str, None]] = {key: {} for key in self._rooms}
        self.furniture: Callable[[str], list[str]] = lambda key: []
        """What stands in a room besides players and exits (the server's tables), as lines for ``look``."""
        self.listeners: Callable[[str], Collection[str]] = lambda key: ()
        """Who hears a room's talk from wherever they are (the players and watchers of the server's tables there)."""

    def load(self, rooms: Mapping[str, Room], start: str) -> None:
        """Fill a world that nobody is in yet with its rooms (the server's, once read from its store): everything
        that holds the world keeps holding this one."""
        assert not self._where, "a world is loaded before anyone arrives"
        self._rooms = dict(rooms)
        self.start = start
        self._here = {key: {} for key in self._rooms}

    # --- queries -------------------------------------------------------------------------

    def room(self, key: str) -> Room:
        return self._rooms[key]

    def rooms(self) -> list[Room]:
        return list(self._rooms.values())

    def room_named(self, name: str) -> Room | None:
        wanted = " ".join(name.split()).casefold()
        return next((room for room in self._rooms.values() if room.name.casefold() == wanted), None)

    def find_room(self, word: str, who: str) -> Room:
        """A room by ``here``, its key (``#5``, ``lobby``) or its whole name, any case."""
        word = word.strip()
        if word.casefold() == "here":
            return self.location(who)
        found = self._rooms.get(word) or self.room_named(word)
        if found is None:
            raise Refusal(f"There is no room called {word}.")
        return found

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
            raise Refusal(f"Who do you mean by {word.strip()}: {listed(sorted(found))}?")
        return found[0]

    # --- building ------------------------------------------------------------------------

    def next_key(self) -> str:
        """A key for a new room: ``#`` and a number no room has had here."""
        numbers = [int(key[1:]) for key in self._rooms if key[:1] == "#" and key[1:].isdigit()]
        return f"#{max(numbers, default=0) + 1}"

    def put_room(self, room: Room) -> None:
        """Add a room, or put its changed self in its place (everyone in it stays)."""
        self._rooms[room.key] = room
        self._here.setdefault(room.key, {})

    def remove_room(self, key: str) -> list[Room]:
        """Take away an empty room and every exit leading to it; the rooms that lost an exit are returned."""
        if self._here[key]:
            raise Refusal(f"{', '.join(self._here[key])} is in {self._rooms[key].name}: it must be empty.")
        if key == self.start:
            raise Refusal("The room where players arrive cannot be destroyed.")
        del self._rooms[key], self._here[key]
        changed = []
        for room in list(self._rooms.values()):
            kept = tuple(e for e in room.exits if e.destination != key)
            if kept != room.exits:
                changed.append(Room(room.key, room.name, room.description, kept, room.owner))
                self._rooms[room.key] = changed[-1]
        return changed

    def teleport(self, who: str, key: str) -> list[Delivery]:
        """Move someone to a room at once, without an exit: both rooms see it happen."""
        here = self._where[who]
        if here == key:
            raise Refusal(f"{who} is already in {self._rooms[key].name}.")
        fields = {"who": who}
        return self._move(who, key, Message(f"{who} vanishes.", "leave", fields), Message(f"{who} appears.", "arrive", fields))

    # --- presence ------------------------------------------------------------------------

    def arrive(self, who: str, room: str | None = None) -> list[Delivery]:
        """Place a newly connected player where they last were, if that room still exists, else in the start room."""
        key = room if room in self._rooms else self.start
        self._put(who, key)
        return [
            *self._to_room(key, Message(f"{who} has connected.", "connect", {"who": who}), but=who),
            Delivery(who, self.describe(who)),
        ]

    def reconnect(self, who: str) -> list[Delivery]:
        """A player's new connection replaced the old one; they stay where they were."""
        key = self._where[who]
        return [
            *self._to_room(key, Message(f"{who} has reconnected.", "reconnect", {"who": who}), but=who),
            Delivery(who, self.describe(who)),
        ]

    def depart(self, who: str, told: Collection[str] = ()) -> list[Delivery]:
        """Remove a disconnecting player from the world; the room hears it, but for those ``told`` otherwise (the
        player's tables say it with their seat kept)."""
        key = self._where.pop(who)
        del self._here[key][who]
        left = Message(f"{who} has disconnected.", "disconnect", {"who": who})
        return [delivery for delivery in self._to_room(key, left) if delivery.recipient not in told]

    def go(self, who: str, word: str) -> list[Delivery]:
        """Move through the exit called ``word``; both rooms see it happen."""
        here = self.location(who)
        exit_ = here.find_exit(word)
        if exit_ is None:
            raise Refusal("You can't go that way.")
        left = Message(f"{who} has left.", "leave", {"who": who, "exit": exit_.name})
        return self._move(who, exit_.destination, left, Message(f"{who} has arrived.", "arrive", {"who": who}))

    def describe(self, who: str) -> Message:
        """What ``look`` shows: the room, who else is here, the ways out."""
        room = self.location(who)
        lines = [room.name, room.description]
        others = [p for p in self._here[room.key] if p != who]
        if others:
            lines.append("Players here: " + ", ".join(others))
        lines += self.furniture(room.key)
        exits = f"{EXITS_LISTED_WITH} ".join(e.name for e in room.exits)
        if room.exits:
            lines.append("Obvious exits: " + exits)
        fields = {"room": room.key, "name": room.name, "players": ", ".join(others), "exits": exits}
        return Message("\n".join(lines), "room", fields)

    # --- talk ----------------------------------------------------------------------------

    def say(self, who: str, text: str) -> list[Delivery]:
        """``You say, "hi"`` to the speaker, ``Igor says, "hi"`` to the room and its ``listeners``."""
        text = speech(text)
        fields = {"who": who, "text": text}
        key = self._where[who]
        heard = self._to_room(key, Message(f'{who} says, "{text}"', "say", fields), but=who, also=self.listeners(key))
        heard.insert(0, Delivery(who, Message(f'You say, "{text}"', "say", fields)))
        return heard

    def pose(self, who: str, text: str, joined: bool = False) -> list[Delivery]:
        """``Igor falls down.``, to the room and its ``listeners``; a pose starting with ' or , joins the name
        (``Igor's``), as does every ``joined`` one (MUCK's semipose, ``;``)."""
        text = speech(text)
        message = Message(f"{who}{text}" if joined else posed(who, text), "pose", {"who": who, "text": text})
        key = self._where[who]
        return self._to_room(key, message, also=self.listeners(key))

    def whisper(self, who: str, target: str, text: str) -> list[Delivery]:
        """Speak to one person in the same room; nobody else hears."""
        other, text = self._here_by_name(who, target), speech(text)
        fields = {"who": who, "to": other, "text": text}
        return [
            Delivery(who, Message(f'You whisper, "{text}" to {other}.', "whisper", fields)),
            Delivery(other, Message(f'{who} whispers, "{text}"', "whisper", fields)),
        ]

    def page(self, who: str, targets: list[str], text: str) -> list[Delivery]:
        """Speak to connected people (``targets``, names as matched) wherever they are."""
        where, text = self.location(who).name, speech(text)
        fields = {"who": who, "to": ", ".join(targets), "text": text, "from": where}
        also = f" to {listed(targets)}" if len(targets) > 1 else ""
        heard = Message(f'{who} pages from {where}{also}: "{text}"', "page", fields)
        return [
            Delivery(who, Message(f'You page {listed(targets)}: "{text}"', "page", fields)),
            *(Delivery(other, heard) for other in targets),
        ]

    # --- helpers -------------------------------------------------------------------------

    def _move(self, who: str, key: str, left: Message, arrived: Message) -> list[Delivery]:
        """Both rooms see it happen; the mover sees where they are now."""
        here = self._where[who]
        del self._here[here][who]
        out = [*self._to_room(here, left), *self._to_room(key, arrived)]
        self._put(who, key)
        return [*out, Delivery(who, self.describe(who))]

    def _put(self, who: str, key: str) -> None:
        self._where[who] = key
        self._here[key][who] = None

    def _to_room(self, key: str, message: Message, but: str | None = None, also: Iterable[str] = ()) -> list[Delivery]:
        if not also:  # (nearly everything: the room alone hears it)
            return [Delivery(name, message) for name in self._here[key] if name != but]
        listeners = dict.fromkeys(self._here[key])
        for name in also:
            if name in self._where:
                listeners[name] = None
        if but is not None:
            listeners.pop(but, None)
        return [Delivery(name, message) for name in listeners]

    def _here_by_name(self, who: str, target: str) -> str:
        other = self.match_player(target)
        if self._where[other] != self._where[who]:
            raise Refusal(f"{other} is not here.")
        return other


def posed(who: str, text: str) -> str:
    """``Igor falls down.``; a pose starting with ' or , joins the name (``Igor's``)."""
    joiner = "" if text[:1] in ("'", ",") else " "
    return f"{who}{joiner}{text}"
