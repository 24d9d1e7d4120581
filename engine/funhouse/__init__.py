"""Epic Funhouse's rules as a pure library: six piecepack solitaire rooms played in order, each room's end setting up
the next. No I/O, no global random state: chance comes from the run's seed (``seedstreams.SeededChance``).

    >>> from engine.funhouse import FunRun, SeededChance
    >>> chance = SeededChance(7)
    >>> run = FunRun.start(7, chance=chance)
    >>> run.room.name
    'slide-jam'
    >>> events = run.apply("stop", chance)
    >>> [type(event).__name__ for event in events]
    ['Moved', 'RoomClosed', 'RoomOpened']
    >>> run.legal_moves()
    ['top L', 'top R', 'stop']
"""

from engine.funhouse.seedstreams import DrawsExhausted, LoadedDraws, SeededChance, daily_seed
from engine.funhouse.funevents import Event, Moved, RoomClosed, RoomOpened, RunEnded, RunStarted, event_from_dict, \
    event_to_dict
from engine.funhouse.funroom import STOP, Best, FunOptions, Room, RoomError
from engine.funhouse.funrun import ROOMS, FunError, FunRun, FunState, fold

__all__ = [
    "DrawsExhausted", "LoadedDraws", "SeededChance", "daily_seed",
    "Event", "Moved", "RoomClosed", "RoomOpened", "RunEnded", "RunStarted", "event_from_dict", "event_to_dict",
    "STOP", "Best", "FunOptions", "Room", "RoomError",
    "ROOMS", "FunError", "FunRun", "FunState", "fold",
]
