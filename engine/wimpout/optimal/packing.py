"""A solution as compact bytes (what ships with the package and what the cache holds), and back.

Chances are stored to 2^-30 (about 1e-9): the chance of winning, and the small chance that no one wins, each as
differences along a row (smooth, so they compress well), then LZMA. The rules travel with the tables.
"""

from __future__ import annotations

import io
import json
import lzma

import numpy as np

from engine.wimpout.optimal.positions import Solution
from engine.wimpout.rules import RuleSet

SCALE = 2.0**30
MAGIC = b"CWOPT1\n"


def _quantise(values: np.ndarray) -> np.ndarray:
    q = np.rint(values * SCALE).astype(np.int64)
    return np.diff(q, axis=-1, prepend=0).astype(np.int32)


def _restore(stored: np.ndarray) -> np.ndarray:
    return np.cumsum(stored.astype(np.int64), axis=-1) / SCALE


def to_bytes(solution: Solution) -> bytes:
    buffer = io.BytesIO()
    np.savez(
        buffer,
        win=_quantise(solution.win),
        nobody=_quantise(1.0 - solution.win - solution.lose),
        chaser=_quantise(solution.chaser),
        alone=_quantise(solution.alone),
    )
    header = json.dumps({"rules": solution.rules.model_dump(), "seconds": solution.seconds}).encode()
    return MAGIC + lzma.compress(len(header).to_bytes(4, "big") + header + buffer.getvalue(), preset=9)


def from_bytes(data: bytes) -> Solution:
    if not data.startswith(MAGIC):
        raise ValueError("not a solved-table file")
    raw = lzma.decompress(data[len(MAGIC) :])
    size = int.from_bytes(raw[:4], "big")
    header = json.loads(raw[4 : 4 + size])
    arrays = np.load(io.BytesIO(raw[4 + size :]))
    win = _restore(arrays["win"])
    lose = 1.0 - win - _restore(arrays["nobody"])
    return Solution(
        RuleSet.model_validate(header["rules"]), win, lose, _restore(arrays["chaser"]), _restore(arrays["alone"]),
        header["seconds"],
    )
