"""Duplicate-dice events (issue 40; docs/fairness.md, duplicate events): as duplicate bridge deals every table the
same boards, each round's tables are put in groups (the tables with the same number of seats) that throw the same
cubes: one secret server seed a group, mixed with every group member's own seed, committed when the round is seated
and revealed when its last table is over, so the ``k``-th throw of seat ``s`` is the same at every table of the group.
Each result is then scored by matchpoints against the same seat's results at the group's other tables. The event
itself (entries, rounds drawn as a Swiss event's, standings) is server.competition.tournaments'; here are the round's seating on
shared dice (``dealing``) and its scoring, results table and reveal (``travellers``)."""

from server.duplicate.dealing import seat_round
from server.duplicate.duplicatetexts import OPENED
from server.duplicate.travellers import close_round, round_results

__all__ = ["OPENED", "close_round", "round_results", "seat_round"]
