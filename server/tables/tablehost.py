"""What the tables' parts and their neighbours read of the tables and of the server around them, as protocols: the
tables themselves (``TableHost``: ``server.tables.hosting.Tables`` is one) for the parts that hosting runs
(restoring, holding, dice, deadlines, vacations), and what the tables tell the notices. Named here, below hosting,
so that the parts hosting imports need not import it back."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from rooms.messages import Message
    from rooms.tables import TableEnding, TableNews
    from server.acrossdays.correspondence import Post
    from server.acrossdays.timesource import Clock
    from server.community.presence import Presence
    from server.games.gametypes import GameType
    from server.notices.notice import Notice
    from server.ops.storewatch import StoreWatch
    from server.settings import CorrespondenceSettings, TableSettings
    from server.store import RatingChange, Store
    from server.tables.livetable import Live
    from server.tables.tableclock import TableClock
    from server.tables.whereabouts import Whereabouts


class TableNotices(Protocol):
    """What the tables (and their deadlines) tell the notices (``server.notices.notifier.Notices``) about players away."""

    def waiting(self, live: Live) -> None: ...

    def left(self, name: str) -> None: ...

    def game_over(self, live: Live, ending: TableEnding) -> None: ...

    async def notify(self, name: str, notice: Notice) -> bool: ...


class Vacationing(Protocol):
    async def load(self) -> None: ...


class Posts(Protocol):
    """The correspondence tables' deadlines (``server.acrossdays.deadlines.Deadlines``), as the parts ask them."""

    vacations: Vacationing

    def restored(self, live: Live, stored: dict[str, Any] | None) -> Post | None: ...

    async def vacation(self, name: str, until: float | None) -> None: ...


class TableHost(Protocol):
    """The live tables and what they were given: the store, the server's clock, who is on, the notices."""

    live: dict[int, Live]
    settings: TableSettings
    correspondence: CorrespondenceSettings
    clock: TableClock
    where: Whereabouts
    store: Store
    store_watch: StoreWatch
    time: Clock
    presence: Presence[Any]
    notices: TableNotices
    posts: Posts

    def randomness(self, kind: GameType) -> Any: ...

    async def begin(self, live: Live) -> None: ...

    async def act(self, live: Live, move: Callable[[], TableNews | None]) -> TableNews | None: ...

    def bots_go(self, live: Live) -> None: ...

    def going(self, live: Live, audience: Sequence[str]) -> None: ...

    async def bots_move(self, live: Live) -> None: ...

    async def close(self, live: Live, ending: TableEnding, audience: list[str], why: str | None = None,
                    changes: Sequence[RatingChange] = ()) -> None: ...

    def tell(self, live: Live, messages: Sequence[Message], audience: Sequence[str]) -> None: ...
