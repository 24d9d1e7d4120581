"""The compiled sweep (the solver's hot path) against the numpy turn it replaced: the same values to the bit, the same
shipped tables, and the progress it reports."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib import resources
from pathlib import Path

import numpy as np
import pytest

from engine.wimpout.optimal import solver
from engine.wimpout.optimal.packing import from_bytes, to_bytes
from engine.wimpout.optimal.positions import Caps, last_licks_bank, may_stop, pair_columns, reach_of
from engine.wimpout.optimal.sweep import Rows, TurnStart, tables, turn_start
from engine.wimpout.optimal.turn import MAX_POINTS, START, Columns, layout, solve_turn
from engine.wimpout.rules import RuleSet

RULES = RuleSet(goal=500)
SMALL_CAPS = Caps(deficit=30, lead=20)


def numpy_turn_start(rules: RuleSet, columns: Columns, rows: Rows | None = None) -> TurnStart:
    """What the solver read from ``turn.solve_turn`` before the sweep was compiled."""
    turn = solve_turn(rules, columns)
    return TurnStart(turn.start.copy(), turn.radius)


def some_columns() -> list[Columns]:
    """Pairs of scores on a few sums (three parts, and the same with fewer), and Last Licks deficits (one part), with
    values that are chances but otherwise arbitrary."""
    rng = np.random.default_rng(28)
    reach = reach_of(RULES)
    chaser = np.sort(rng.random(201))[::-1] / 2
    alone = np.sort(rng.random(reach))
    win = rng.random((reach, reach)) / 2
    lose = (1 - win) / 2
    found = []
    for total in (0, 3, 60, 120, 190):
        low, high = max(0, total - reach + 1), min(total, reach - 1)
        mine = np.arange(low, high + 1)
        theirs = total - mine
        pairs = pair_columns(RULES, mine, theirs, win, lose, chaser, alone, lose[theirs, mine], 100)
        found += [pairs, *(Columns(pairs.bank[:, :parts], pairs.may_stop, pairs.wimpout[:parts],
                                   pairs.supernova[:parts]) for parts in (1, 2))]
    deficits = np.arange(40)
    nothing = np.zeros((1, len(deficits)))
    found.append(Columns(last_licks_bank(RULES, chaser, 80, deficits), may_stop(80, np.ones(40, bool), 0), nothing,
                         nothing))
    return found


def test_a_compiled_turn_equals_the_numpy_turn_to_the_bit() -> None:
    rows = Rows()
    for columns in some_columns():
        compiled, reference = turn_start(RULES, columns, rows), numpy_turn_start(RULES, columns)
        assert np.array_equal(compiled.start, reference.start)
        assert np.array_equal(compiled.radius, reference.radius)


def test_a_small_goal_solves_to_every_entry_the_numpy_turns_gave(monkeypatch) -> None:
    rules = RuleSet(goal=100)
    compiled = solver.solve_model(rules, SMALL_CAPS)
    monkeypatch.setattr(solver, "turn_start", numpy_turn_start)
    reference = solver.solve_model(rules, SMALL_CAPS)
    for name in ("win", "lose", "chaser", "alone"):
        assert np.array_equal(getattr(compiled, name), getattr(reference, name)), name


def test_the_ring_keeps_each_state_as_deep_as_it_is_read() -> None:
    """Every outcome reads a row its state keeps; the turn's start, which a freight train of 5s reaches, the deepest."""
    found, lay = tables(RULES), layout(RULES)
    _, points, place, _ = found.forced
    assert np.all(points < found.depth[place])
    _, points, place, _ = found.choices
    assert np.all(points < found.depth[place])
    assert found.kept[found.start] == START and found.depth[found.start] == MAX_POINTS + 1
    assert set(found.kept) == set(lay.forced_state) | set(lay.choice_state.ravel()) | {START}
    assert list(found.offset) == [0, *np.cumsum(found.depth)[:-1]]


def test_the_first_compile_makes_one_copy_of_each_function(tmp_path: Path) -> None:
    """On an empty numba cache (a machine's first solve) the sweep compiles once, each helper once: a constant passed
    to a helper would compile a copy of it for that value, and each copy costs that first solve memory (issue 28)."""
    script = ("import json\nfrom engine.wimpout.optimal import sweep\n"
              "print(json.dumps({name: len(getattr(sweep, name).signatures)"
              " for name in ('_turn', '_row', '_choices', '_add', '_above', '_keep')}))")
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True)
    assert json.loads(done.stdout) == {"_turn": 1, "_row": 1, "_choices": 1, "_add": 1, "_above": 1, "_keep": 1}


def test_progress_rises_to_one() -> None:
    told: list[float] = []
    solver.solve_model(RuleSet(goal=100, last_licks="single"), SMALL_CAPS, told.append)
    assert len(told) > 50
    assert all(type(fraction) is float for fraction in told)
    assert all(0 < a <= b for a, b in zip(told, told[1:]))
    assert told[-1] == 1.0


@pytest.mark.slow
def test_the_shipped_goal_300_tables_come_out_the_same() -> None:
    """Every packed entry, as the shipped file has it (the solve takes about 10 s of CPU)."""
    shipped = from_bytes((resources.files("engine.wimpout.optimal") / "data" / "goal300.cwopt").read_bytes())
    solved = solver.solve(RuleSet(goal=300))
    packed = from_bytes(to_bytes(solved))
    for name in ("win", "lose", "chaser", "alone"):
        assert np.array_equal(getattr(packed, name), getattr(shipped, name)), name
    assert round(solved.first_player_wins(), 6) == round(shipped.first_player_wins(), 6) == 0.5293
