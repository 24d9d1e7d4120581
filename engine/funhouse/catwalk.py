"""Room 3, Catwalk: lay the four stacks as a track, then flick one suit's six coins along it; a coin falls off a
corner on a roll of null or ace, else off the tile aimed at (or safely off the end). Falls make the barrel maze's
scoreboard.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations
from typing import Any

from engine.funhouse.seedstreams import Draws, LoadedDraws, shuffled
from engine.funhouse.funroom import STOP, Best, FunOptions, words
from engine.funhouse.piecepack import ALL_PIECES, SUITS, suit, value, worth
from engine.funhouse.trackway import corners, lay

NAME = "catwalk"
STACK_ORDER = "TCDS"
"""Twins, Cousins, Distant, Strangers: the default order of laying."""
FALLS_OFF = (0, 1)
"""Die faces that make a coin fall off a corner: null and ace."""
NAUGHTY = 10
STOPPED_TILE = 5
"""On ``stop`` each coin not yet flicked counts as falling off a 5 tile."""


LAY_ROLLS = 23
"""The most die rolls laying can need: one per tile after the first."""


def deal(draws: Draws) -> dict[str, Any]:
    """Alone: the 24 tiles shuffled into one stack."""
    return after_mirror({"T": shuffled(ALL_PIECES, draws), "C": [], "D": [], "S": []}, draws)


def after_mirror(stacks: dict[str, list[str]], draws: Draws) -> dict[str, Any]:
    """The four stacks, and the die rolls laying will use, in order, drawn with the setup: the track any order of the
    stacks gives is then fixed by the seed, so the best figure can compare the orders."""
    return {**stacks, "lay_rolls": [draws.roll() for _ in range(LAY_ROLLS)]}


def pool_coin(pool: list[str], wanted: int) -> str:
    """The pool coin paired with a fall off a tile of value ``wanted``: that value, else the highest below it the pool
    has, else the lowest above it; among equals, suits in order S, C, A, M."""
    values = {value(coin) for coin in pool}
    below = [v for v in values if v <= wanted]
    chosen = max(below) if below else min(values)
    return min((coin for coin in pool if value(coin) == chosen), key=lambda coin: SUITS.index(suit(coin)))


class Catwalk:
    name = NAME

    def __init__(self, setup: dict[str, Any], options: FunOptions) -> None:
        self.options = options
        self.stacks: dict[str, list[str]] = {letter: list(setup[letter]) for letter in STACK_ORDER}
        self.lay_rolls: list[int] = list(setup["lay_rolls"])
        self.laid: list[tuple[str, tuple[int, int]]] = []
        self.set_aside: list[str] = []
        self.hand: list[str] = []
        self.pool: list[str] = list(ALL_PIECES)
        self.scoreboard: list[str] = []
        self.track: list[str] = []
        """The laid tiles numbered from the start end (``track[0]`` is tile 1), once the start is chosen."""
        self.corners: frozenset[int] = frozenset()
        self.at = 1
        self.through = False
        self.falls: list[tuple[str, str]] = []
        self.points = 0
        self.over = False
        self.stopped = False

    # -- phases -----------------------------------------------------------------------------------------------------

    @property
    def phase(self) -> str:
        if self.over:
            return "over"
        if not self.laid:
            return "lay"
        if not self.hand and not self.track:
            return "coins"
        return "start" if not self.track else "flick"

    def forced(self) -> str | None:
        """The move there is no choosing: laying a single stack."""
        orders = self._orders()
        return orders[0] if self.phase == "lay" and len(orders) == 1 else None

    def _orders(self) -> list[str]:
        filled = [letter for letter in STACK_ORDER if self.stacks[letter]]
        return ["lay " + "".join(order) for order in permutations(filled)]

    def moves(self) -> list[str]:
        phase = self.phase
        if phase == "over":
            return []
        if phase == "lay":
            found = self._orders()
        elif phase == "coins":
            found = [f"coins {letter}" for letter in SUITS]
        elif phase == "start":
            found = ["start first", "start last"]
        else:
            n = len(self.track)
            found = [f"flick {value(coin)} {aim}" for coin in self.hand
                     for aim in ["end", *map(str, range(1, n - self.at + 1))]]
        return found + [STOP]

    def why_not(self, command: str) -> str | None:
        phase = self.phase
        if phase == "over":
            return "Catwalk is over."
        parts = words(command)
        if parts == [STOP]:
            return None
        if phase == "lay":
            filled = {letter for letter in STACK_ORDER if self.stacks[letter]}
            order = parts[1].upper() if len(parts) == 2 and parts[0] == "lay" else ""
            if not order or len(set(order)) != len(order) or not filled <= set(order) <= set(STACK_ORDER):
                return ("Order the stacks to lay: lay followed by the letters T (Twins), C (Cousins), D (Distant) and "
                        f"S (Strangers), each once: {', '.join(o.split()[1] for o in self._orders()[:3])} ...")
            return None
        if phase == "coins":
            if len(parts) == 2 and parts[0] == "coins" and parts[1].upper() in SUITS:
                return None
            return "Pick the suit whose six coins you flick: coins S, C, A or M."
        if phase == "start":
            if parts in (["start", "first"], ["start", "last"]):
                return None
            return "Pick the end the coins start from: start first or start last (the first or last tile laid)."
        if len(parts) != 3 or parts[0] != "flick" or parts[1] not in "012345" or len(parts[1]) != 1:
            return "Flick a coin: flick <coin 0-5> end, or flick <coin> <tiles on, 1 or more>."
        if not any(value(coin) == int(parts[1]) for coin in self.hand):
            return f"The {parts[1]} coin has been flicked already."
        if parts[2] == "end":
            return None
        n = len(self.track)
        if not parts[2].isdigit() or not 1 <= int(parts[2]) <= n - self.at:
            return (f"The coin starts on tile {self.at} of {n}: it can only go end." if self.at == n else
                    f"The coin starts on tile {self.at} of {n}: aim 1 to {n - self.at} tiles on, or end.")
        return None

    def play(self, command: str, draws: Draws) -> None:
        parts = words(command)
        if parts == [STOP]:
            self._stop()
        elif parts[0] == "lay":
            self.laid, self.set_aside = self._lay(parts[1])
            self.stacks = {letter: [] for letter in STACK_ORDER}
        elif parts[0] == "coins":
            self.hand = [coin for coin in self.pool if suit(coin) == parts[1].upper()]
            self.pool = [coin for coin in self.pool if suit(coin) != parts[1].upper()]
        elif parts[0] == "start":
            laid = self.laid if parts[1] == "first" else list(reversed(self.laid))
            self.track = [tile for tile, _ in laid]
            self.corners = corners([place for _, place in laid])
        else:
            self._flick(int(parts[1]), parts[2], draws)

    def _lay(self, order: str) -> tuple[list[tuple[str, tuple[int, int]]], list[str]]:
        """The track ``order`` lays: tiles off the top of each stack in turn, the setup's die rolls as needed."""
        tiles = [tile for letter in order.upper() if letter in self.stacks for tile in reversed(self.stacks[letter])]
        return lay(tiles, LoadedDraws(self.lay_rolls))

    def _flick(self, coin_value: int, aim: str, draws: Draws) -> None:
        coin = next(coin for coin in self.hand if value(coin) == coin_value)
        self.hand.remove(coin)
        target = len(self.track) if aim == "end" else self.at + int(aim)
        for tile_number in range(self.at + 1, target):
            if tile_number in self.corners and draws.roll() in FALLS_OFF:
                self._fall(coin, tile_number)
                break
        else:
            if aim == "end":
                self.pool.append(coin)
                self.at = 1
                self.through = True
            else:
                self._fall(coin, target)
        self._finish_if_done()

    def _fall(self, coin: str, tile_number: int) -> None:
        self.at = tile_number
        self._count_fall(coin, value(self.track[tile_number - 1]))
        self.falls.append((coin, self.track[tile_number - 1]))

    def _count_fall(self, coin: str, tile_value: int) -> None:
        self.points += worth(value(coin)) * worth(tile_value)
        if self.options.scoreboard:
            partner = pool_coin(self.pool, tile_value)
            self.pool.remove(partner)
            self.scoreboard += [coin, partner]
        else:
            self.pool.append(coin)

    def _stop(self) -> None:
        """Each coin not yet flicked counts as falling off a 5 tile (its scoreboard pair too); no suit picked: Suns."""
        self.stopped = True
        if self.phase in ("lay", "coins"):
            self.play("coins S", LoadedDraws([]))
        for coin in list(self.hand):
            self.hand.remove(coin)
            self._count_fall(coin, STOPPED_TILE)
        self._finish_if_done()

    def _finish_if_done(self) -> None:
        if not self.hand:
            self.over = True
            if not self.through:
                self.points += NAUGHTY

    # -- figures ----------------------------------------------------------------------------------------------------

    def score(self) -> int:
        return self.points

    def view(self) -> dict[str, Any]:
        return {
            "room": NAME, "phase": self.phase, "stacks": self.stacks,
            "laid": [[tile, x, y] for tile, (x, y) in self.laid], "set_aside": self.set_aside,
            "track": self.track, "corners": sorted(self.corners), "at": self.at, "hand": self.hand,
            "pool": self.pool, "scoreboard": self.scoreboard, "falls": [list(fall) for fall in self.falls],
            "through": self.through, "points": self.points,
        }

    def snapshot(self) -> dict[str, Any]:
        return {**self.view(), "lay_rolls": self.lay_rolls}

    def pieces(self) -> list[str]:
        """Tiles then coins (each kind once over)."""
        tiles = [t for stack in self.stacks.values() for t in stack] + [t for t, _ in self.laid] + self.set_aside
        return tiles + self.hand + self.pool + self.scoreboard

    def carry(self) -> dict[str, Any]:
        """The tiles leave play; the scoreboard stays; the pool goes on (the next room shuffles it face-down)."""
        return {"scoreboard": list(self.scoreboard), "pool": list(self.pool)}

    def best(self, cap: int = 0) -> Best:
        """Exact, as an expectation over the corner rolls: before the track is laid, the best order of the stacks;
        before the start is picked, the better end; the suit flicked never changes the score (each suit has the same
        six values)."""
        if self.over:
            return Best(self.points, True)
        hand = tuple(sorted(worth(value(coin)) for coin in self.hand)) if self.hand else tuple(
            worth(v) for v in range(6))
        if self.track:
            tiles = tuple(worth(value(tile)) for tile in self.track)
            return Best(self.points + expected_best(tiles, self.corners, self.at, hand, self.through), True)
        tracks = [self.laid] if self.laid else [self._lay(order.split()[1])[0] for order in self._orders()]
        return Best(min(expected_best(tuple(worth(value(tile)) for tile, _ in track), corners([p for _, p in track]),
                                      1, hand, False) for laid in tracks for track in (laid, laid[::-1])), True)


def _stop_cost(hand: tuple[int, ...], through: bool) -> int:
    return sum(worth(w) * STOPPED_TILE for w in hand) + (0 if through else NAUGHTY)


def expected_best(tiles: tuple[int, ...], turns: frozenset[int], at: int, hand: tuple[int, ...],
                  through: bool) -> float:
    """The lowest expected score still to come: ``tiles`` are the track's tile worths from tile 1, ``turns`` its
    corners, ``hand`` the worths of the coins left (null and ace both 1), the next coin on tile ``at``."""
    n = len(tiles)
    fall = len(FALLS_OFF) / 6

    @lru_cache(maxsize=None)
    def value_of(start: int, left: tuple[int, ...], safe: bool) -> float:
        if not left:
            return 0.0 if safe else float(NAUGHTY)
        best = float(_stop_cost(left, safe))
        for i, coin in enumerate(left):
            if i and left[i - 1] == coin:
                continue
            rest = left[:i] + left[i + 1:]
            reach, fallen = 1.0, 0.0
            for tile in range(start + 1, n + 1):
                aimed = fallen + reach * (coin * tiles[tile - 1] + value_of(tile, rest, safe))
                best = min(best, aimed)
                if tile == n:
                    best = min(best, fallen + reach * value_of(1, rest, True))
                elif tile in turns:
                    fallen += reach * fall * (coin * tiles[tile - 1] + value_of(tile, rest, safe))
                    reach *= 1 - fall
            if start == n:
                best = min(best, value_of(1, rest, True))
        return best

    return value_of(at, hand, through)
