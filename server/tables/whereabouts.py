"""Who is at which live table: asked on every move and with every status prompt (each burst of output a player gets),
so each answer is kept until what it depends on changes, and a player in the lobby costs no pass over every open
table each time."""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import suppress
from typing import TYPE_CHECKING

from rooms.messages import Refusal

if TYPE_CHECKING:
    from server.tables.livetable import Live


class Whereabouts:
    """The seat and the followed table of each player asked about, over the live tables by number."""

    def __init__(self, live: Mapping[int, Live]) -> None:
        self._live = live
        self._seated: dict[str, Live] = {}
        """The table each player was last found sitting at: checked first by ``seat_of``."""
        self._followed: dict[str, Live | None] = {}
        """``followed``'s answers since anyone last sat, stood, watched or stopped watching, or a table opened or
        closed (``changed`` empties it, and ``_heard``)."""
        self._seats: dict[str, list[Live]] | None = None
        """Every seat at the open tables, by player, by table number, since the last change (None: to be made)."""
        self._heard: dict[str, tuple[str, ...]] = {}
        """``listeners``' answers by room since the last change."""
        self.generation = 0
        """Counts the changes: what is worked out from who follows which table is asked again only once it moves."""

    def seats_of(self, name: str) -> list[Live]:
        """Every table ``name`` sits at (one live table at most, and any correspondence tables), by number. Asked
        for every connection whenever anyone sits or stands (``GameLink._who``): read from an index of every seat,
        made once a change (a pass over every table for each player made a thousand bots' moves wait 100 ms)."""
        if self._seats is None:
            self._seats = {}
            for number in sorted(self._live):
                for seat in self._live[number].table.seats:
                    self._seats.setdefault(seat, []).append(self._live[number])
        return [live for live in self._seats.get(name, ()) if live.table.is_seated(name)
                and self._live.get(live.table.number) is live]  # (one who stood up since: no longer there)

    def live_seat_of(self, name: str) -> Live | None:
        """The live table ``name`` sits at, if any (an event or the ladder seats only those without one)."""
        return next((live for live in self.seats_of(name) if live.post is None), None)

    def seat_of(self, name: str) -> Live | None:
        """The table ``name`` plays at now: the one they made current ('play N', or the last they sat at), else
        their live table, else the correspondence table waiting on them (the first), else their first. A settled
        answer is kept and checked first, so a seated player's move costs no pass over every open table."""
        live = self._seated.get(name)
        if live is not None and live.table.is_seated(name) and self._live.get(live.table.number) is live:
            return live
        seats = self.seats_of(name)
        if not seats:
            self._seated.pop(name, None)
            return None
        found = next((live for live in seats if live.post is None), None)
        if found is None:
            found = next((live for live in seats if name in live.table.play.waiting_on()), seats[0])
        if len(seats) == 1 or found.post is None:
            self._seated[name] = found
        else:
            self._seated.pop(name, None)
        return found

    def chosen(self, name: str, live: Live) -> bool:
        """``live`` is ``name``'s current table by their choice (or the only answer there is), not a guess."""
        return self._seated.get(name) is live

    def make_current(self, name: str, live: Live) -> None:
        """``name``'s moves go to ``live`` until they choose another ('play N') or sit elsewhere."""
        self._seated[name] = live
        self.changed()

    def followed(self, name: str) -> Live | None:
        """The table ``name`` sits at, else the first one they watch."""
        if name in self._followed:
            return self._followed[name]
        found = self.seat_of(name)
        if found is None:
            found = next((live for live in self._live.values() if name in live.table.watchers), None)
        self._followed[name] = found
        return found

    def listeners(self, room: str) -> tuple[str, ...]:
        """Players and watchers of the tables in ``room``: asked for every say and pose there, answered from what was
        found at the last change (no pass over every open table each time: a thousand players at 334 tables)."""
        heard = self._heard.get(room)
        if heard is None:
            heard = self._heard[room] = tuple(dict.fromkeys(
                name for live in self._live.values() if live.table.room == room for name in live.table.audience))
        return heard

    def rewatch(self, name: str, number: int) -> None:
        """A watcher back after a reload of the game process (server.portal): watching table ``number`` again,
        unannounced, if it is still open."""
        live = self._live.get(number)
        if live is not None and name not in live.table.watchers and not live.table.is_seated(name):
            with suppress(Refusal):
                live.table.watch(name)
            self.changed()

    def changed(self) -> None:
        """Someone sat, stood, watched or stopped watching, or a table opened: ``followed`` asks again."""
        self._followed.clear()
        self._heard.clear()
        self._seats = None
        self.generation += 1

    def closed(self, live: Live) -> None:
        """A table closed: nothing here keeps it (nor its game) alive."""
        self.changed()
        for name in [name for name, seat in self._seated.items() if seat is live]:
            del self._seated[name]
