"""The solved tables this server has read: the shipped ones (the default rules at goals 100, 200, 300 and 500, in
``engine/wimpout/optimal/data``), those solved before into its cache directory, and solves asked for through its
solver. One per server (its ``Solver`` owns it): rooms.wimpout.advising reads advisors from it."""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from engine.wimpout import RuleSet
from engine.wimpout.optimal.coverage import NotCovered, check_covered, exactly_covered, model_rules

if TYPE_CHECKING:
    from engine.wimpout.optimal.choices import Advisor

SHIPPED_GOALS = (100, 200, 300, 500)

KEPT_ADVISORS = 8
"""Solved tables kept in memory, the latest used (about 1 MiB each at goal 500): each covered rule set a player asks a
hint for is another, and a table can ask for any goal from 100 to 1000 (others are read again from their file)."""


def table_file(rules: RuleSet) -> str:
    """The cache file of a covered rule set."""
    key = json.dumps(model_rules(rules).model_dump(), sort_keys=True)
    return f"optimal-{hashlib.sha256(key.encode()).hexdigest()[:16]}.cwopt"


class Solutions:
    """The solved tables this server has read (the latest ``KEPT_ADVISORS``), by covered rules, and where more come
    from: ``cache_dir``, and ``request``, which asks for a solve of these (covered) rules (the answer is a file in
    ``cache_dir``, then ``loaded`` is called; False: declined for now, asked again when next needed)."""

    def __init__(self, cache_dir: Path | None = None, request: Callable[[RuleSet], bool] | None = None) -> None:
        self.cache_dir = cache_dir
        self.request = request
        self._advisors: OrderedDict[RuleSet, Advisor] = OrderedDict()
        self._estimates: dict[RuleSet, Advisor] = {}
        """Beside each kept advisor, one for rules it covers only nearly."""
        self._asked: dict[RuleSet, int | None] = {}
        """Solves asked for and not read yet, with the percent done the solver last reported (None: not yet)."""
        self._lock = threading.Lock()
        """Read on the event loop and in threads ('review', the server's first reading of a rule set's tables)."""

    def advisor(self, rules: RuleSet) -> Advisor | None:
        """The advisor for ``rules`` (exact or not), or None while no table is available (a solve is then asked
        for, once)."""
        model = model_rules(rules)
        try:
            check_covered(model)
        except NotCovered:
            return None
        found = self.at_hand(model)
        if found is None:
            found = self._load(model)
        if found is None:
            if model not in self._asked and self.request is not None and self.request(model):
                self._asked[model] = None
            return None
        if exactly_covered(rules):
            return found
        from engine.wimpout.optimal.choices import Advisor  # numpy's, imported when tables are first read

        with self._lock:
            estimate = self._estimates.get(model)
            if estimate is None or estimate.solution is not found.solution:
                estimate = self._estimates[model] = Advisor(found.solution, exact_rules=False)
            return estimate

    def at_hand(self, model: RuleSet) -> Advisor | None:
        """The advisor of covered rules ``model`` if it is in memory (it is then the latest used)."""
        with self._lock:
            found = self._advisors.get(model)
            if found is not None:
                self._advisors.move_to_end(model)
            return found

    def pending(self, rules: RuleSet) -> bool:
        return model_rules(rules) in self._asked

    def progress(self, rules: RuleSet) -> int | None:
        """How far the solve of these rules' tables is, in percent (None: not under way, or not reported yet)."""
        return self._asked.get(model_rules(rules))

    def progressed(self, rules: RuleSet, percent: int) -> bool:
        """The solver reports a solve's progress: False if nobody waits for it any more."""
        with self._lock:
            model = model_rules(rules)
            if model not in self._asked:
                return False
            self._asked[model] = percent
            return True

    def failed(self, rules: RuleSet) -> None:
        """A solve asked for did not finish: the tables are asked for again the next time they are needed."""
        with self._lock:
            self._asked.pop(model_rules(rules), None)

    def loaded(self, rules: RuleSet) -> bool:
        """A solve has finished: read its file; True if the table is now available."""
        return self._load(model_rules(rules)) is not None

    def _load(self, model: RuleSet) -> Advisor | None:
        from engine.wimpout.optimal.choices import Advisor
        from engine.wimpout.optimal.packing import from_bytes
        from engine.wimpout.optimal.turn import layout

        data = None
        if model == model_rules(RuleSet(goal=model.goal)) and model.goal in SHIPPED_GOALS:
            data = (resources.files("engine.wimpout.optimal") / "data" / f"goal{model.goal}.cwopt").read_bytes()
        elif self.cache_dir is not None and (self.cache_dir / table_file(model)).is_file():
            data = (self.cache_dir / table_file(model)).read_bytes()
        if data is None:
            return None
        advisor = Advisor(from_bytes(data))
        layout(model)  # the chance tables, built once per way of scoring
        with self._lock:
            self._advisors[model] = advisor
            self._asked.pop(model, None)
            while len(self._advisors) > KEPT_ADVISORS:
                dropped, _ = self._advisors.popitem(last=False)
                self._estimates.pop(dropped, None)
        return advisor
