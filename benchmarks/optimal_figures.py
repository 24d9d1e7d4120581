"""Pictures and tables of optimal play at goal 500 (docs/strategy.md): the chance of winning over both scores, and
the turn total at which optimal play stops, over both scores, by live cubes.

    pip install -e '.[figures]'          # matplotlib, an optional extra
    python benchmarks/optimal_figures.py # writes docs/figures/*.png, prints the tables in Markdown
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import matplotlib  # noqa: E402

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from optimal_bench import pair_turns, shipped  # noqa: E402

from engine.wimpout.optimal.chance import DECISIONS, UNIT, state_of_throw  # noqa: E402

OUT = Path(__file__).resolve().parents[1] / "docs" / "figures"
CUBES = [(4, False), (3, False), (2, False), (1, False), (3, True), (2, True), (1, True), (0, True)]
"""Decision states shown: live commons, and whether the sun cube is live."""
PAIRS = [(0, 0), (100, 100), (250, 250), (250, 400), (400, 250), (450, 450), (480, 300), (300, 480)]


def label(cubes: tuple[int, bool]) -> str:
    commons, sun = cubes
    return f"{commons + sun} ({commons} + sun)" if sun else f"{commons}"


def thresholds(goal: int = 500) -> tuple[np.ndarray, np.ndarray]:
    """win[i, j], and stop[k, i, j]: the smallest turn total (points) at which optimal play stops with CUBES[k] live
    (no flash to clear), -1 if it never stops below the largest total solved."""
    solution = shipped(goal)
    reach = solution.reach
    stop = np.full((len(CUBES), reach, reach), -1)
    for i, j, values, bank in pair_turns(solution):
        for k, cubes in enumerate(CUBES):
            go = values[: len(bank), state_of_throw((*cubes, None)), ]
            first = 1 if i else -(-solution.rules.opening_minimum // UNIT)
            stops = np.nonzero(bank[first:] >= go[first:])[0]
            if len(stops):
                stop[k, i, j] = (stops[0] + first) * UNIT
    return solution.win, stop


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    win, stop = thresholds()
    scores = np.arange(win.shape[0]) * UNIT
    figure, axis = plt.subplots(figsize=(6.4, 5.4))
    image = axis.pcolormesh(scores, scores, win.T, cmap="viridis", vmin=0, vmax=1, shading="auto")
    axis.set(xlabel="your score (about to throw)", ylabel="opponent's score",
             title="Chance of winning under optimal play (goal 500)")
    figure.colorbar(image, label="chance of winning")
    figure.savefig(OUT / "win-probability-500.png", dpi=110, bbox_inches="tight")
    figure, axes = plt.subplots(2, 4, figsize=(16, 8), sharex=True, sharey=True)
    for k, axis in enumerate(axes.ravel()):
        shown = np.where(stop[k] < 0, np.nan, stop[k]).T
        image = axis.pcolormesh(scores, scores, shown, cmap="magma", vmin=0, vmax=400, shading="auto")
        axis.set_title(f"{label(CUBES[k])} cube(s) live")
        axis.set(xlabel="your score", ylabel="opponent's score")
    figure.colorbar(image, ax=axes, label="stop at a turn total of (points)")
    figure.suptitle("Where optimal play stops (goal 500; white: throws on at every total solved)")
    figure.savefig(OUT / "stop-threshold-500.png", dpi=90, bbox_inches="tight")
    print("| your score - opponent's | " + " | ".join(label(c) for c in CUBES) + " |")
    print("| --- |" + " --- |" * len(CUBES))
    for mine, theirs in PAIRS:
        cells = [str(stop[k, mine // UNIT, theirs // UNIT]) for k in range(len(CUBES))]
        print(f"| {mine} - {theirs} | " + " | ".join(cells) + " |")
    print()
    for k, cubes in enumerate(CUBES):
        seen = stop[k][stop[k] >= 0]
        print(f"{label(cubes)} live: stops from {seen.min()} to {seen.max()} points over the score pairs;"
              f" median {int(np.median(seen))}")
    print(f"first player's chance at 0 - 0: {win[0, 0]:.4f}")
    assert len(DECISIONS) == len(CUBES)


if __name__ == "__main__":
    main()
