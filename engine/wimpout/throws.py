"""Every throw coded as an integer, each built once, and a rule set's scorings of them in a table indexed by code.

A throw of ``n`` common cubes (and the sun cube) is the base-6 number of its cubes' face indexes, common cubes first,
plus an offset that keeps the sizes apart. The dice return the throws built here, so the engine finds a throw's code
by identity and its scorings by index, instead of hashing its faces; the scorings still come from ``engine.scoring``,
computed once per rule set and throw.
"""

from __future__ import annotations

from collections import OrderedDict
from functools import cache
from itertools import product
from typing import Any
from weakref import WeakValueDictionary

from engine.wimpout.cubes import COMMON_CUBES, COMMON_FACES, SUN_CUBE_FACES, Face, Throw
from engine.wimpout.rules import RuleSet
from engine.wimpout.scoring import Scoring, score_uncached

SIZES = [(commons, sun) for commons in range(COMMON_CUBES + 1) for sun in (False, True)]
OFFSETS = {size: sum(6 ** (c + s) for c, s in SIZES[:index]) for index, size in enumerate(SIZES)}
CODES = sum(6 ** (c + s) for c, s in SIZES)
_BY_ID: dict[int, int] = {}
_COMMON_INDEX = {face: index for index, face in enumerate(COMMON_FACES)}
_SUN_INDEX = {face: index for index, face in enumerate(SUN_CUBE_FACES)}


@cache
def throws(commons: int, sun: bool) -> tuple[Throw, ...]:
    """Every throw of ``commons`` common cubes (and the sun cube), by the base-6 number of its face indexes; built
    once and kept for the life of the program, so identity finds their codes."""
    built = tuple(
        Throw(faces[:commons], faces[commons] if sun else None)
        for faces in product(*[COMMON_FACES] * commons, *[SUN_CUBE_FACES] * sun)
    )
    offset = OFFSETS[commons, sun]
    _BY_ID.update((id(throw), offset + index) for index, throw in enumerate(built))
    return built


@cache
def every_throw() -> tuple[tuple[tuple[Throw, ...], tuple[Throw, ...]], ...]:
    """``throws(commons, sun)`` of every size, indexed ``[commons][sun]``: the dice bind it once, and find a throw by
    two indexes instead of a cached call per throw."""
    return tuple((throws(commons, False), throws(commons, True)) for commons in range(COMMON_CUBES + 1))


def is_built(throw: Throw) -> bool:
    """Whether ``throw`` is one of the throws built here (kept for the life of the program)."""
    return id(throw) in _BY_ID


def code_of(throw: Throw) -> int:
    """The code of any throw: by identity for the throws built here, else from its faces."""
    code = _BY_ID.get(id(throw))
    if code is not None:
        return code
    index = 0
    for face in throw.commons:
        index = index * 6 + _COMMON_INDEX[face]
    if throw.sun is not None:
        index = index * 6 + _SUN_INDEX[throw.sun]
    return OFFSETS[len(throw.commons), throw.sun is not None] + index


class ScoringTable:
    """One rule set's scorings of every throw, by code, for each set of flashes being cleared; filled as met."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self._tables: tuple[dict[frozenset[Face], list[tuple[Scoring, ...] | None]], ...] = ({}, {})
        """By ``at_once`` (False, True), then by the flashes being cleared: no key tuple to build and hash per throw."""
        self.steps: dict[frozenset[Face], dict[int, Any]] = {}
        """The steps of the turn under this way of scoring (``engine.steps``), by the flashes being cleared, then by
        the identity of a throw of the live cubes all at once; filled by ``Game`` as they are met."""
        self.same_steps: dict[tuple[object, ...], Any] = {}
        """One step for the throws that do the same (``Step.same``): a few hundred steps for some 10,000 throws."""

    def scorings(self, throw: Throw, clearing: frozenset[Face], at_once: bool) -> tuple[Scoring, ...]:
        """``score_throw(throw, rules, clearing, at_once)``, looked up (the table is its cache)."""
        try:  # one chain of subscripts for a throw the dice returned (its code found by identity), already met
            options = self._tables[at_once][clearing][_BY_ID[id(throw)]]
        except KeyError:
            return self._fill(throw, clearing, at_once)
        return options if options is not None else self._fill(throw, clearing, at_once)

    def _fill(self, throw: Throw, clearing: frozenset[Face], at_once: bool) -> tuple[Scoring, ...]:
        tables = self._tables[at_once]
        table = tables.get(clearing)
        if table is None:
            table = tables[clearing] = [None] * CODES
        code = code_of(throw)
        options = table[code]
        if options is None:
            options = table[code] = score_uncached(throw, self.rules, clearing, at_once)
        return options


KEPT_UNUSED = 8
"""Scoring tables kept for rule sets no game plays now (the latest used): a table is ~0.3 - 3 MiB, and the ways of
scoring number in the thousands (``sampler_points`` alone has 200), which a player could go through table after
table."""
_TABLES: WeakValueDictionary[tuple[object, ...], ScoringTable] = WeakValueDictionary()
"""Every table a game (its ``GameState.scoring``) or ``_RECENT`` holds, so games under the same scoring share one."""
_RECENT: OrderedDict[tuple[object, ...], ScoringTable] = OrderedDict()


def scoring_table(rules: RuleSet) -> ScoringTable:
    """The table of every rule set that scores throws the same way (the options of ``RuleSet.scoring_key``)."""
    key = rules.scoring_key
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = ScoringTable(rules)
    _RECENT[key] = table
    _RECENT.move_to_end(key)
    if len(_RECENT) > KEPT_UNUSED:
        _RECENT.popitem(last=False)
    return table
