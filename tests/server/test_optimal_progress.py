"""A solve's progress, as the worker reports it (each tenth once) and as 'hint' tells it while the solve is under way."""

from __future__ import annotations

from engine.wimpout import RuleSet
from rooms.wimpout.advising import hint_unavailable
from server.wimpout.solutions import Solutions
from server.wimpout.solving import Tenths


class Reports:
    def __init__(self) -> None:
        self.sent: list[tuple[str, int]] = []

    def put(self, report: tuple[str, int]) -> None:
        self.sent.append(report)


def test_the_worker_reports_each_tenth_once_and_never_the_end() -> None:
    reports = Reports()
    tenths = Tenths(reports, "optimal-x.cwopt")  # type: ignore[arg-type]
    for step in range(1001):
        tenths(step / 1000)
    tenths(0.95)
    assert reports.sent == [("optimal-x.cwopt", percent) for percent in range(10, 100, 10)]


def test_a_jump_is_reported_once_as_the_tenth_reached() -> None:
    reports = Reports()
    tenths = Tenths(reports, "f")  # type: ignore[arg-type]
    tenths(0.05)
    tenths(0.47)
    tenths(0.49)
    assert reports.sent == [("f", 40)]


def test_hint_while_solving_says_how_far_the_solve_is() -> None:
    rules = RuleSet(goal=140)
    solutions = Solutions(None, lambda asked: True)
    assert solutions.advisor(rules) is None
    assert "being solved: the table is told" in hint_unavailable(solutions, rules)
    assert solutions.progressed(rules, 40)
    assert "being solved (40% done): the table is told" in hint_unavailable(solutions, rules)
    solutions.failed(rules)
    assert not solutions.progressed(rules, 50)
    assert solutions.progress(rules) is None
