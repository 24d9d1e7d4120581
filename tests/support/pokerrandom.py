"""Random whole poker games for the property tests and the bots' tests: random table options, random legal moves
(or, ``thorough``, every legal move checked against ``why_not`` and the commands that name it), and the invariants
checked after every move - Lucre and tokens conserved, every card in exactly one place."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import strategies as st

from engine.poker import moves as mv
from engine.poker.cards import DECK_SIZE
from engine.poker.pokergame import PokerGame
from engine.poker.pokerstate import GameState
from engine.poker.shuffles import SeededShuffle
from engine.poker.variations import PAWN_ITEMS, SWITCHES, TOKENS, PokerOptions
from engine.poker.wording import command_text, read_command

MAX_MOVES = 1500  # a cap for the test, not the engine: a long game is cut short, its invariants still checked


@st.composite
def table_options(draw: st.DrawFn) -> PokerOptions:
    switches = {name: draw(st.booleans()) for name in SWITCHES + ("dealers_choice",)}
    switches["pairs"] = switches["pairs"] or switches["combos"]
    switches["high_low"] = switches["high_low"] and not switches["lowball"]
    flip = 0 if switches["blind_betting"] else draw(st.sampled_from([0, 0, 1, 2]))
    return PokerOptions(
        **switches, flip=flip,
        start_lucre=draw(st.integers(3, 12)), bases_to_win=draw(st.integers(1, 5)),
        rates=draw(st.sampled_from(["mayfair", "eon"])), bet_limit=draw(st.sampled_from(["pot", "none", 3])),
        max_raises=draw(st.integers(1, 4)), max_draw=draw(st.integers(3, 7)), max_meld=draw(st.integers(5, 7)),
        wild=draw(st.sampled_from(["off", "off", 5, 7, "turned"])),
    )


def check_invariants(state: GameState, start_total: int) -> None:
    assert state.total_lucre == start_total + state.bank_paid - state.bank_took
    assert state.warp >= 0 and all(p.lucre >= 0 for p in state.players.values())
    for player in state.players.values():
        assert player.home + player.warp_tokens + player.gone_tokens == TOKENS
        assert min(player.home, player.warp_tokens, player.gone_tokens, player.bases) >= 0
    places = [*state.deck, *state.discard, *state.turned, *(c for p in state.players.values() for c in p.hand)]
    assert sorted(places) == list(range(DECK_SIZE)), Counter(places).most_common(2)


def candidates(game: PokerGame, name: str) -> list[mv.Move]:
    """Moves to ask ``why_not`` about beyond the legal ones: each must be refused when not listed."""
    state = game.state
    player = state.players[name]
    found: list[mv.Move] = [mv.IN, mv.OUT, mv.CHECK, mv.CALL, mv.FOLD, mv.TAP_OUT, mv.PAWN_CLEAR, mv.MELD_AUTO,
                            mv.KEEP_ALL, mv.NO_CHOICE]
    top = player.lucre + 12
    found += [mv.Open(n) for n in range(0, top)] + [mv.Raise(n) for n in range(0, top)]
    found += [mv.Pawn((item,)) for item in PAWN_ITEMS]
    found += [mv.Draw((card,)) for card in player.hand] + [mv.Flip((card,)) for card in player.hand]
    found += [mv.Meld((card,)) for card in player.hand]
    found += [mv.Draw(tuple(sorted(player.hand[:k]))) for k in range(len(player.hand) + 1)]
    return found


def play(seed: int, seats: int, options: PokerOptions, thorough: bool) -> PokerGame:
    source = SeededShuffle(seed)
    policy = random.Random(seed ^ 0x5EED)
    names = [f"P{i}" for i in range(seats)]
    game = PokerGame.start(names, options, source)
    start_total = seats * options.start_lucre
    check_invariants(game.state, start_total)
    for _ in range(MAX_MOVES):
        if game.is_over:
            assert game.waiting_on() == () and all(game.legal_actions(n) == () for n in names)
            break
        waiting = game.waiting_on()
        assert waiting
        name = policy.choice(waiting)
        legal = game.legal_actions(name)
        assert legal, (game.state.phase, name)
        if thorough:
            for move in legal:
                assert game.why_not(name, move) is None, (move, game.why_not(name, move))
                assert read_command(game.state.players[name], command_text(game.state.players[name], move)) == move
            for move in candidates(game, name):
                if move not in legal:
                    assert isinstance(game.why_not(name, move), str), move
            for other in names:
                if other not in waiting:
                    assert game.legal_actions(other) == ()
                    assert game.why_not(other, mv.FOLD) is not None
        if policy.random() < 0.003:
            game.apply(None, mv.Leave(name, "left the table"), source)
        else:
            plain = [move for move in legal if not isinstance(move, (mv.Pawn, mv.PawnClear))]
            pool = legal if not plain or policy.random() < 0.15 else plain
            game.apply(name, policy.choice(pool), source)
        check_invariants(game.state, start_total)
    return game
