"""New Cosmic Poker's table adapter (rooms.gameplay.TablePlay): options before the first deal (changed by everyone
seated agreeing), the game once it starts, moves from typed words, withdrawals, house bots, the turn timer's move
(the spec's timeout actions) and the table's view."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from copy import deepcopy
from dataclasses import replace
from typing import Any

from engine.poker import (
    CommandError, Event, IllegalMove, Leave, Move, PokerGame, PokerOptions, ShuffleSource, command_text, event_for,
    read_command, you_may,
)
from engine.poker.botkinds import BotSeat, bot_move, seat_of
from engine.poker.knowledge import SeatMemory
from engine.poker.pokergame import MAX_SEATS
from rooms.gameplay import MatchPlay
from rooms.messages import Refusal
from rooms.poker.pokerview import (
    BOT_KINDS, ChangeProposed, PokerBot, PokerOpened, PokerSeat, PokerView, house_bot, parse_options,
)
from rooms.tables import Table, TableNews, TimedOut

GAME = "poker"
"""New Cosmic Poker's name as a game type (``table open game=poker``)."""


def poker_table(number: int, room: str, options: PokerOptions, seats: Sequence[str] = ()) -> Table:
    return Table(number, room, GAME, lambda table: PokerPlay(table, options), seats)


def restore_table(number: int, room: str, options: PokerOptions, seats: Sequence[str], events: Sequence[Event],
                  bots: Mapping[str, Sequence[str]] | None = None) -> Table:
    """A table brought back from storage, its game (hands included) rebuilt from its events."""
    table = poker_table(number, room, options, seats)
    table.bots = {name: house_bot(words) for name, words in (bots or {}).items()}
    if events:
        poker_play(table).game = PokerGame.replay(events)
    return table


class PokerPlay(MatchPlay[PokerGame]):
    """New Cosmic Poker at one table."""

    bot_kinds = BOT_KINDS
    seats = MAX_SEATS
    """The spec's six at most: a seventh is refused at 'sit', not at 'start'."""

    def __init__(self, table: Table, options: PokerOptions) -> None:
        self.table = table
        self.options = options
        self.game = None
        self.change: tuple[PokerOptions, set[str]] | None = None
        """A change of options put to the table before the first deal, and who has agreed to it."""
        self.memories: dict[str, tuple[int, SeatMemory]] = {}
        """What each house bot's seat has seen, and of how many events (built again from the events after a restore)."""
        self.planned: tuple[str, int, Move] | None = None
        """A bot's move worked out ahead (``plan``): the bot, the number of events it was worked out at, the move."""

    def options_record(self) -> dict[str, Any]:
        return self.options.model_dump(mode="json")

    def start(self, dice: ShuffleSource) -> TableNews:
        try:
            game = PokerGame.start(self.table.seats, self.options, dice)
        except IllegalMove as why:
            raise Refusal(str(why)) from None
        self.game, self.change = game, None
        return self.table.news(*game.events)

    def _apply(self, name: str | None, move: Any, dice: ShuffleSource, *before: Any) -> TableNews:
        try:
            events = self._game().apply(name, move, dice)
        except IllegalMove as why:
            raise Refusal(str(why)) from None
        return self.table.news(*before, *events)

    def move(self, name: str, line: str, dice: ShuffleSource) -> TableNews:
        """A poker command as typed: in, out, check, call, fold, tapout, open 3, raise 4, pawn flare, draw 2 5, ..."""
        me = self._game().state.players.get(name)
        if me is None:
            raise Refusal(f"You are not playing at table {self.table.number}.")
        try:
            move = read_command(me, line)
        except CommandError as why:
            raise Refusal(str(why)) from None
        return self._apply(name, move, dice)

    def set_options(self, name: str, words: Sequence[str]) -> TableNews:
        """Before the first deal: at once for someone alone at the table (bots accept any options); otherwise the
        change waits until every person seated has typed the same 'table set'."""
        self.table.seated_to(name, "set its options")
        if self.game is not None:
            raise Refusal("The cards are dealt: the options are fixed for this game.")
        wanted = parse_options(words, base=self.options)
        if self.change is None or self.change[0] != wanted:
            self.change = (wanted, set())
        self.change[1].add(name)
        return self.table.news(*self.seats_changed(proposer=name))

    def seats_changed(self, proposer: str | None = None) -> list[Any]:
        """Adopt the change put to the table once everyone seated agrees (one who stood up no longer counts)."""
        if self.change is None:
            return []
        wanted, agreed = self.change
        waiting = tuple(person for person in self.table.people if person not in agreed)
        if waiting:
            return [ChangeProposed(proposer, wanted.changed, waiting)] if proposer is not None else []
        self.options, self.change = wanted, None
        return [PokerOpened(proposer or "the table", wanted.changed)]

    def in_game(self, name: str) -> bool:
        game = self.game
        return game is not None and name in game.state.players and game.state.players[name].out is None

    def players_in(self) -> list[str]:
        return [p.name for p in self.game.state.in_game] if self.game is not None else []

    def withdraw(self, name: str | None, target: str, why: str, dice: ShuffleSource, *before: Any) -> TableNews:
        return self._apply(name, Leave(target, why), dice, *before)

    def forfeits(self, name: str) -> int | None:
        player = self._game().state.players.get(name)
        return player.bases if player is not None and player.out is None else None

    def house_bot(self, words: Sequence[str]) -> PokerBot:
        return house_bot(words)

    def bot_to_move(self) -> tuple[str, bool] | None:
        bot = next((name for name in self.waiting_on() if name in self.table.bots), None)
        return None if bot is None else (bot, True)

    def bot_move(self, dice: ShuffleSource) -> TableNews | None:
        """The bot plays from what its seat may see and its legal moves, as a person would: the move worked out
        ahead for this very moment (``plan``), or else worked out now (its randomness drawn from the table's)."""
        due = self.bot_to_move()
        if due is None:
            return None
        bot, game = due[0], self._game()
        planned, self.planned = self.planned, None
        if planned is not None and planned[:2] == (bot, len(game.events)):
            move = planned[2]
        else:
            rng = random.Random(f"{bot}/{len(game.events)}/{dice.pick(2**31)}")  # (a keyed source draws 32 bits at most)
            move = bot_move(self._kind(bot), self.bot_seat(bot), rng)
        return self._apply(bot, move, dice)

    def bot_seat(self, bot: str) -> BotSeat:
        """What ``bot`` may know now: its seat's view, what its seat has seen (kept up to date event by event), its
        legal moves."""
        game = self._game()
        seen, memory = self.memories.get(bot, (0, SeatMemory(bot)))
        for event in game.events[seen:]:
            memory.see(event_for(event, bot))
        self.memories[bot] = (len(game.events), memory)
        return seat_of(game, bot, memory)

    def plan(self, bot: str) -> tuple[str, int, BotSeat] | None:
        """What working out ``bot``'s move ahead needs, copied so that it can be done away from the table (the
        server does it in a thread): its kind, the moment, its seat. None when it is not that bot's move."""
        due = self.bot_to_move()
        if due is None or due[0] != bot:
            return None
        seat = self.bot_seat(bot)
        return self._kind(bot), len(self._game().events), replace(seat, memory=deepcopy(seat.memory))

    def planned_move(self, bot: str, moment: int, move: Move) -> None:
        self.planned = (bot, moment, move)

    def _kind(self, bot: str) -> str:
        found = self.table.bots[bot]
        return found.kind if isinstance(found, PokerBot) else house_bot(found.words).kind

    def timed_out(self, dice: ShuffleSource) -> TableNews | None:
        """The turn timer ran out: the spec's action for the first player the table waits on."""
        game = self.game
        waiting = self.waiting_on()
        if game is None or not waiting:
            return None
        player = waiting[0]
        move = game.timeout_action(player)
        if move is None:
            return None
        words = command_text(game.state.players[player], move)
        return self._apply(player, move, dice, TimedOut(player, words))

    def timer(self) -> str | None:
        return "turn" if self.waiting_on() else None

    def view(self) -> PokerView:
        table, game = self.table, self.game
        if game is None:
            seats = tuple(PokerSeat(name, 0, False, name in table.absent, name in table.bots, self.options.start_lucre,
                                    0) for name in table.seats)
            return PokerView(table.number, table.room, table.status, self.options, seats, tuple(table.watchers))
        state = game.state
        seats = tuple(PokerSeat(p.name, p.bases, p.out is None, p.name in table.absent, p.name in table.bots,
                                p.lucre, len(p.hand)) for p in (state.players[name] for name in state.seats))
        legal = {name: tuple(you_may(game, name)) for name in game.waiting_on()}
        return PokerView(table.number, table.room, table.status, state.options, seats, tuple(table.watchers), state,
                         game.waiting_on(), legal, state.winner)


def poker_play(table: Table) -> PokerPlay:
    """The adapter of a poker table (the table's ``play``, typed as poker's)."""
    play = table.play
    if not isinstance(play, PokerPlay):
        raise Refusal(f"Table {table.number} does not play New Cosmic Poker.")
    return play
