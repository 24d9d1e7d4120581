"""``python -m engine``: JSON out, exit status 2 and one line for bad arguments, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", *args], capture_output=True, text=True, timeout=60)


def test_score_prints_the_ways_a_throw_scores() -> None:
    result = run("score", "4", "4", "4", "4", "s5")
    assert result.returncode == 0
    (option,) = json.loads(result.stdout)["options"]
    assert (option["points"], option["flash"], option["set_aside"], option["outcome"]) == (45, 4, "4 4 4 s5", "score")


def test_score_with_clearing_and_rules() -> None:
    lone_sun = json.loads(run("score", "2", "S", "--clearing", "10").stdout)["options"]
    assert [(o["points"], o["sun"]) for o in lone_sun] == [(5, "5")]
    full_house = json.loads(run("score", "10", "10", "5", "5", "S", "--rule", "full_house=on").stdout)
    assert full_house["options"][0]["flashes"] == [5, 10] and full_house["options"][0]["points"] == 150
    sampler = json.loads(run("score", "2", "3", "4", "6", "s5", "--rule", "cosmic_sampler=on").stdout)["options"]
    assert [(o["points"], o["special"], o["cubes_set_aside"]) for o in sampler] == [(50, "cosmic_sampler", 5)]
    sun_sampler = json.loads(run("score", "2", "3", "4", "6", "S", "--rule", "cosmic_sampler=on").stdout)["options"]
    assert [(o["points"], o["special"], o["cubes_set_aside"]) for o in sun_sampler] == [(50, "cosmic_sampler", 5)]
    two_pairs = json.loads(run("score", "10", "10", "5", "5", "S").stdout)["options"]
    assert sorted(o["points"] for o in two_pairs) == [70, 110]


def test_odds_prints_exact_fractions() -> None:
    result = run("odds")
    assert result.returncode == 0 and "train_wreck 25/432 (5.79%)" in result.stdout
    rows = json.loads(run("odds", "--json").stdout)
    assert rows[0]["odds"] == {"score": "1/3", "wimpout": "2/3"}


@pytest.mark.parametrize(
    "args",
    [
        ("score", "7"),
        ("score", "3", "s3"),
        ("score", "4", "--clearing", "7"),
        ("score", "4", "--rule", "goal"),
        ("score", "4", "--rule", "hats=on"),
        ("odds", "--rule", "eclipse=1", "--rule", "bump=on"),
        ("dance",),
        (),
    ],
)
def test_bad_arguments_get_one_line_and_status_2(args: tuple[str, ...]) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith("python -m engine: error:")


def test_a_reader_that_stops_early_gets_no_broken_pipe_error() -> None:
    """``python -m engine odds | head``: the reader has gone before anything is written."""
    child = subprocess.Popen([sys.executable, "-m", "engine", "odds"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()
    assert child.stderr.read() == b""
    assert child.wait(timeout=60) != 0  # (what a shell's pipeline ignores)
