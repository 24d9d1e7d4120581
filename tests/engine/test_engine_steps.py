"""The engine's fast ways (a throw played as a step of the turn, ``engine.steps``; the moves listed again from what a
move left) against its general code, and the live state against the fold of the events.

``GeneralGame`` is the engine with every throw worked out by the general code and the legal moves worked out afresh
each time they are asked. Both play the same games from the same dice with the same random player: at every move they
must make the same events, list the same moves, and the live state must equal the fold of the log (``Game.replay``).
"""

from __future__ import annotations

import random
from itertools import product

import pytest

from benchmarks.engine_bench import ALL_COMPATIBLE_HOUSE_RULES
from engine.wimpout import events as ev
from engine.wimpout.actions import CLOSE_WINDOW, INSURE, LET_STAND, ROLL, STOP, Action, Choose
from engine.wimpout.cubes import Face
from engine.wimpout.dice import SeededDice
from engine.wimpout.game import Game
from engine.wimpout.rules import RuleSet
from engine.wimpout.state import TurnState
from engine.wimpout.throws import throws

RULE_SETS = {
    "standard": RuleSet(),
    "all compatible house rules": ALL_COMPATIBLE_HOUSE_RULES,
    "bump, suspend, reroll only matching": RuleSet(bump=True, suspend=3, reroll_only_matching=True, goal=300,
                                                   sun_completes_freight_train=True, last_licks="C"),
    "eclipse 1, fourth number, kill": RuleSet(eclipse=1, fourth_number_scores=True, kill=2, opening_minimum=0,
                                              insurance=True, last_licks="A"),
}


class GeneralGame(Game):
    """The engine without its fast ways: every throw by the general code, the moves worked out whenever asked."""

    def _resolve_throw(self, turn: TurnState) -> None:
        assert turn.last_throw is not None
        self._resolve_generally(turn, turn.last_throw)

    def legal_actions(self, player: str | None = None) -> tuple[Action, ...]:
        self._offered_at = -1
        return super().legal_actions(player)


def _choose(legal: tuple[Action, ...], policy: random.Random) -> Action:
    if isinstance(legal[0], Choose) or INSURE in legal:
        return policy.choice(legal)
    return STOP if STOP in legal and policy.random() < 0.4 else ROLL


@pytest.mark.parametrize("rules", RULE_SETS.values(), ids=RULE_SETS.keys())
def test_steps_make_the_general_code_s_events_and_state(rules: RuleSet) -> None:
    for seed in range(12):
        players = [f"P{i}" for i in range(2 + seed % 3)]
        fast_dice, general_dice = SeededDice(seed), SeededDice(seed)
        fast, general = Game.start(players, rules, fast_dice), GeneralGame.start(players, rules, general_dice)
        policy = random.Random(seed)
        for _ in range(1500):
            legal = fast.legal_actions()
            assert legal == general.legal_actions()
            if not legal:
                break
            action = _choose(legal, policy)
            turn = fast.state.turn
            assert turn is not None
            player = None if action is CLOSE_WINDOW else turn.window[0] if turn.window else turn.player
            if player is not None and action in (INSURE, LET_STAND):
                assert fast.legal_actions(player) == general.legal_actions(player)
            made = fast.apply(player, action, fast_dice)
            assert made == general.apply(player, action, general_dice)
            assert fast.state == general.state == Game.replay(fast.events).state
        assert fast.events == general.events


@pytest.mark.parametrize("rules", [RuleSet(), ALL_COMPATIBLE_HOUSE_RULES], ids=["standard", "house rules"])
def test_every_throw_from_each_position_is_played_as_the_general_code_plays_it(rules: RuleSet) -> None:
    """Positions a game may not reach in a few games: every throw of the live cubes, with and without a flash being
    cleared, from a turn in the game (no opening minimum owed) and from one that is not."""
    clearings = [frozenset(), frozenset({Face.TWO}), frozenset({Face.TEN}), frozenset({Face.THREE, Face.SIX})]
    for clearing, (commons, sun), circles in product(clearings, [(4, True), (3, True), (2, False), (1, True),
                                                                  (0, True), (1, False)], (0, 1)):
        for thrown in throws(commons, sun)[:: 7 if commons + sun == 5 else 1]:
            games = []
            for kind in (Game, GeneralGame):
                game = kind(ev.GameCreated(("Ann", "Bob"), rules))
                game.state.players[0].circles = circles
                game._emit(ev.TurnStarted("Ann"))
                turn = game.state.turn
                turn.commons, turn.sun, turn.clearing, turn.throws, turn.points = commons, sun, clearing, 2, 20
                game.events.append(ev.Thrown("Ann", thrown))
                game.state.turn.throws += 1
                game.state.turn.last_throw = thrown
                first = len(game.events)
                game._resolve_throw(game.state.turn)
                games.append((game.events[first:], game.state, game.legal_actions()))
            assert games[0] == games[1], (thrown, clearing)


def test_seeded_dice_draw_each_cube_in_turn() -> None:
    """The draws written out for each number of cubes are the per-cube draws, first cube first."""
    dice, source = SeededDice(5), random.Random(5)
    for commons, sun in product(range(5), (False, True)):
        for _ in range(50):
            faces = [int(source.random() * 6) for _ in range(commons + sun)]
            code = 0
            for face in faces:
                code = code * 6 + face
            assert dice.throw(commons, sun) is throws(commons, sun)[code]
