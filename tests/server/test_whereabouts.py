"""Whereabouts keeps its answers (the portal asks ``live_seat_of`` for every connection whenever anyone sits or
stands): a kept answer must still be right after a player stands, sits elsewhere (the tables say ``changed`` when
anyone sits), or their table closes."""

from __future__ import annotations

from support.pig.pigtype import Pig

from server.acrossdays.correspondence import post_option
from server.tables.livetable import Live, Row
from server.tables.whereabouts import Whereabouts


def live(number: int, first: str, correspondence: bool = False) -> Live:
    table = Pig(()).new_table(number, "lobby", first, ["goal=20"])
    post = post_option(["pace=correspondence"], 3)[0] if correspondence else None
    return Live(table, number, None, 0.0, Row({}, [first], {}, "open", {}), post=post)


def test_the_live_seat_kept_follows_standing_sitting_elsewhere_and_closing() -> None:
    tables: dict[int, Live] = {}
    where = Whereabouts(tables)
    one, two, letters = live(1, "Ann"), live(2, "Bob"), live(3, "Ann", correspondence=True)
    tables.update({1: one, 2: two, 3: letters})
    assert where.live_seat_of("Ann") is one and where.live_seat_of("Cy") is None
    one.table.stand("Ann")
    two.table.sit("Ann")
    where.changed()
    assert where.live_seat_of("Ann") is two  # (the kept answer, table 1, is no longer hers)
    del tables[2]
    where.closed(two)
    assert where.live_seat_of("Ann") is None  # (her correspondence table is not a live seat)
    assert where.seats_of("Ann") == [letters]
