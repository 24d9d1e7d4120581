"""The server's fair dice cannot be predicted: no generator state to learn from the faces shown, and fair."""

from __future__ import annotations

import copy
from collections import Counter

from engine.wimpout.cubes import COMMON_FACES, SUN_CUBE_FACES


async def test_knowing_everything_about_the_dice_does_not_predict_the_next_throws(make_server) -> None:
    async with make_server() as server:
        dice = server.tables.dice
        twin = copy.deepcopy(dice)  # all the state a watcher could ever reconstruct from the faces shown
        assert [dice.throw(4, True) for _ in range(40)] != [twin.throw(4, True) for _ in range(40)]


async def test_the_fair_dice_are_fair(make_server) -> None:
    async with make_server() as server:
        throws = [server.tables.dice.throw(4, True) for _ in range(1500)]
        commons = Counter(face for throw in throws for face in throw.commons)
        suns = Counter(throw.sun for throw in throws)
        assert set(commons) == set(COMMON_FACES) and all(800 < n < 1200 for n in commons.values())  # 1,000 expected
        assert set(suns) == set(SUN_CUBE_FACES) and all(170 < n < 330 for n in suns.values())  # 250 expected
        sizes = {len(server.tables.dice.throw(c, s)) for c in range(5) for s in (False, True) if c or s}
        assert sizes == set(range(1, 6))
