"""Epic Funhouse's rules as a pure library: six piecepack solitaire rooms played in order, each room's end setting up
the next. No I/O, no global random state: chance comes from the run's seed (``seedstreams.SeededChance``), or on the
server from a committed server seed and the player's own (``keyedchance.KeyedChance``, checkable afterwards).

A world adapter keeps a ``FunRun`` and a ``SeededChance`` made from the run's seed; it applies the player's command
text, lists the legal moves as exact command text, and reads the open room's position as data (``view()``) to
render; it stores ``event_to_dict`` of each event and rebuilds with ``FunRun.replay`` (then ``SeededChance(seed)``
draws on where the run left off):

    >>> from engine.funhouse import FunRun, SeededChance
    >>> chance = SeededChance(7)
    >>> run = FunRun.start(7, chance=chance)
    >>> run.room.name
    'slide-jam'
    >>> run.why_not("take a1 a1 a1 L up")
    'A family is three different tiles.'
    >>> events = run.apply("stop", chance)
    >>> [type(event).__name__ for event in events]
    ['Moved', 'RoomClosed', 'RoomOpened']
    >>> run.legal_moves()
    ['top L', 'top R', 'stop']
    >>> sorted(run.room.view())[:4]
    ['dealt', 'grid', 'over', 'pair_points']
    >>> FunRun.replay(run.events).scores() == run.scores()
    True
"""

from engine.funhouse.seedstreams import Chance, DrawsExhausted, LoadedDraws, SeededChance
from engine.funhouse.funevents import Event, Moved, RoomClosed, RoomOpened, RunEnded, RunStarted, event_from_dict, \
    event_to_dict
from engine.funhouse.funroom import STOP, Best, FunOptions, Room, RoomError
from engine.funhouse.funrun import ROOMS, FunError, FunRun, FunState, fold
from engine.funhouse.keyedchance import KeyedChance

__all__ = [
    "Chance", "DrawsExhausted", "LoadedDraws", "SeededChance",
    "Event", "Moved", "RoomClosed", "RoomOpened", "RunEnded", "RunStarted", "event_from_dict", "event_to_dict",
    "STOP", "Best", "FunOptions", "Room", "RoomError",
    "ROOMS", "FunError", "FunRun", "FunState", "fold",
    "KeyedChance",
]
