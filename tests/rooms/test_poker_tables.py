"""A poker table in memory: options before the deal (everyone seated agreeing), moves from typed words with the
engine's reasons, the turn timer's actions from the spec, house bots, leaving, and a restore from stored events."""

from __future__ import annotations

import pytest

import random

from engine.poker import ScriptedShuffle, SeededShuffle, event_from_dict, event_to_dict
from engine.poker.botkinds import bot_move
from rooms.messages import Refusal
from rooms.poker.pokerplay import poker_play, poker_table, restore_table
from rooms.poker.pokerview import ChangeProposed, PokerOpened, house_bot, parse_options
from rooms.tables import TimedOut
from support.pokerhidden import hidden_pair, swapped


def table_of(*seats: str, words: tuple[str, ...] = ()):
    return poker_table(1, "parlour", parse_options(words), seats)


def test_options_are_checked_and_changed_only_by_everyone_seated() -> None:
    with pytest.raises(Refusal, match="Combos needs pairs"):
        parse_options(["combos"])
    with pytest.raises(Refusal, match="no poker option called 'goal'"):
        parse_options(["goal=300"])
    table = table_of("Ann")
    assert isinstance(table.play.set_options("Ann", ["bases_to_win=3"]).events[0], PokerOpened)
    table.sit("Bob")
    proposed = table.play.set_options("Ann", ["bet_limit=none"]).events
    assert proposed == (ChangeProposed("Ann", {"bases_to_win": 3, "bet_limit": "none"}, ("Bob",)),)
    assert poker_play(table).options.bet_limit == "pot"
    adopted = table.play.set_options("Bob", ["bet_limit=none"]).events
    assert isinstance(adopted[0], PokerOpened) and poker_play(table).options.bet_limit == "none"


def test_moves_are_read_from_words_and_refused_with_reasons() -> None:
    table, shuffle = table_of("Ann", "Bob"), SeededShuffle(1)
    with pytest.raises(Refusal, match="has not started"):
        table.move("Ann", "in", shuffle)
    table.start("Ann", shuffle)
    waiting = table.play.waiting_on()[0]
    other = "Bob" if waiting == "Ann" else "Ann"
    with pytest.raises(Refusal, match="not your turn"):
        table.move(other, "in", shuffle)
    with pytest.raises(Refusal, match="not a poker command"):
        table.move(waiting, "roll", shuffle)
    with pytest.raises(Refusal, match="not a card number"):
        table.move(waiting, "draw 99", shuffle)
    assert table.view().legal[waiting][:2] == ("in", "out")


def test_the_timer_plays_the_specs_action_and_a_bot_plays_what_it_may_see() -> None:
    table, shuffle = table_of("Ann"), SeededShuffle(5)
    table.add_bot("Ann", ["house"])
    table.start("Ann", shuffle)
    for _ in range(200):
        if table.play.is_over or "Ann" in table.play.waiting_on():
            break
        table.bot_move(shuffle)
    assert "Ann" in table.play.waiting_on()
    phase = poker_play(table).game.state.phase
    news = table.timed_out(shuffle)
    expected = {"declaring": "out", "betting": ("check", "fold"), "drawing": "draw", "showdown": "meld auto"}[phase]
    assert isinstance(news.events[0], TimedOut) and news.events[0].command in expected


def test_leaving_folds_and_puts_out_and_a_restore_rebuilds_the_hands() -> None:
    table, shuffle = table_of("Ann", "Bob", "Cy"), SeededShuffle(9)
    table.start("Ann", shuffle)
    game = poker_play(table).game
    stored = [event_to_dict(event) for event in game.events]
    again = restore_table(1, "parlour", game.state.options, ["Ann", "Bob", "Cy"],
                          [event_from_dict(event) for event in stored])
    assert {n: p.hand for n, p in poker_play(again).game.state.players.items()} == \
        {n: p.hand for n, p in game.state.players.items()}
    table.leave("Cy", shuffle)
    assert not table.play.in_game("Cy") and table.play.players_in() == ["Ann", "Bob"]


def test_a_poker_table_seats_six_and_refuses_the_seventh_at_sit() -> None:
    table = table_of("Ann", "Bob", "Cy", "Di", "Ed")
    table.sit("Flo")
    with pytest.raises(Refusal, match=r"Table 1 is full \(6 seats\)\."):
        table.sit("Gus")
    with pytest.raises(Refusal, match=r"Table 1 is full \(6 seats\)\."):
        table.add_bot("Ann", [])
    assert len(table.seats) == 6


def test_a_house_bot_is_given_only_what_its_seat_may_see() -> None:
    """Two tables whose games differ only in a card the bot has never seen (in Ann's hand, one in the deck): the
    bot's seat is the same at both, so is the move it works out ahead, and so is what it plays."""
    table, shuffle = table_of("Ann"), SeededShuffle(5)
    table.add_bot("Ann", ["strong"])
    table.start("Ann", shuffle)
    while "Ann" in table.play.waiting_on():
        table.move("Ann", "in" if "in" in table.view().legal["Ann"] else table.view().legal["Ann"][0], shuffle)
    play = poker_play(table)
    game = play.game
    bot = next(iter(table.bots))
    a, b = hidden_pair(game.events, game.state, bot, "Ann")
    other = restore_table(1, "parlour", game.state.options, ["Ann", bot], swapped(game.events, a, b),
                          {bot: ["strong"]})
    assert poker_play(other).game.state.players["Ann"].hand != game.state.players["Ann"].hand
    assert poker_play(other).bot_seat(bot) == play.bot_seat(bot)
    planned = [p.plan(bot) for p in (play, poker_play(other))]
    assert planned[0] is not None and planned[0] == planned[1]
    moves = [bot_move(kind, seat, random.Random(1)) for kind, _, seat in planned]  # type: ignore[misc]
    assert moves[0] == moves[1]
    played = [t.bot_move(ScriptedShuffle()) for t in (table, other)]  # worked out at the table, the same draw
    assert played[0] is not None and played[1] is not None and played[0].events[0] == played[1].events[0]


def test_house_bots_are_named_by_kind_and_house_is_the_strongest() -> None:
    assert [house_bot(words).kind for words in ([], ["house"], ["strong"], ["threshold"], ["cautious"])] == \
        ["strong", "strong", "strong", "threshold", "cautious"]
    with pytest.raises(Refusal, match="plays 'strong'"):
        house_bot(["optimal"])
