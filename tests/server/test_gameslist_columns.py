"""'games' at 80 columns: a table's row, its last move 12.1 seconds or 10.5 minutes ago, was 81 characters and wrapped
("12.1 seconds" / "ago" on the next line) in telnet at 80x24. Ages in that column are whole units."""

from __future__ import annotations

import pytest

from server.acrossdays.correspondence import span
from server.acrossdays.gameslist import GameRow, games_message


@pytest.mark.parametrize(("age", "said"), [(12.1, "12 seconds"), (650, "11 minutes"), (5400, "2 hours"),
                                           (1.5 * 86400, "1.5 days")])
def test_a_last_move_is_aged_in_whole_units_and_every_row_fits_80_columns(age: float, said: str) -> None:
    assert span(age, whole=True) == said
    row = GameRow(table=12, game="wimpout", title="Cosmic Wimpout", players=["Annabelle", "Bartholomew"],
                  to_move=["Bartholomew"], yours=False, days=3, deadline=2.5 * 86400, frozen=False, last_move=age)
    text = games_message("Annabelle", [row], {}, []).text
    assert f"{said} ago" in text
    assert max(len(line) for line in text.splitlines()) <= 80, text
