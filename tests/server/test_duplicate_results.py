"""A duplicate round's results by seat (server.duplicate.travellers), in words and fields, pure: no server is needed
to lay out rows already scored (the whole event runs through the portal in test_server_duplicate.py)."""

from __future__ import annotations

from server.duplicate.dealing import rotated
from server.duplicate.travellers import Row, results_message, share


def test_results_by_seat_say_who_beat_whom_and_a_table_alone_gets_an_average() -> None:
    """The results table of a group (server.duplicate.travellers), seat by seat, best first: matchpoints of the top and
    the share the standings add; a table alone in its group (an odd count of players) is compared with nobody and
    gets 50."""
    group = {"seats": 2, "dice": {"commitment": "ab" * 32}, "games": []}
    rows = [Row(0, "Ann", 1, 1, (True, 160), 2, 2), Row(0, "Cy", 2, 2, (False, 90), 0, 2),
            Row(1, "Bob", 1, 1, (False, 40), 0, 2), Row(1, "Dan", 2, 2, None, None, 0)]
    message = results_message(3, 1, group, rows)
    assert message.text.splitlines()[:4] == [
        f"Event 3, round 1, tables of 2 (dice sha256 {'ab' * 32}):", "  Seat 1:",
        "    Ann              table 1   won    160    2 of 2 matchpoints (100%)",
        "    Cy               table 2           90    0 of 2 matchpoints (0%)"]
    assert "    Dan              table 2   abandoned: not compared" in message.text
    assert message.fields["player.1"] == "Ann" and message.fields["matchpoints.1"] == "2"
    assert [share(row) for row in rows[:3]] == [100, 0, 0]
    assert share(Row(0, "Eve", 3, 3, (True, 150), 0, 0)) == 50  # alone in its group
    assert rotated(["Ann", "Bob", "Optimal.bot"], {"Optimal.bot"}, 2) == ["Bob", "Ann", "Optimal.bot"]
