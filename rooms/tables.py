"""Tables in rooms: who sits and watches, starting a game, and every move at it, as typed news for the server to
render for each person (text, compact, screen reader, JSON). No sockets, no timers: the server brings the clock."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from itertools import count
from typing import NamedTuple

from engine.wimpout import Game, RuleError, RuleSet, Throw, guidinglight
from engine.wimpout import events as ev
from engine.wimpout.actions import CLOSE_WINDOW, ROLL, STOP, Action, Propose, Vote, Withdraw
from engine.wimpout.dice import DiceSource
from engine.wimpout.rules import UnknownOption
from engine.wimpout.game import IllegalAction
from engine.wimpout.state import Proposal, ProposalEvent, record_proposal
from engine.wimpout.numbers import typed_number
from engine.wimpout.strategies import Strategy, cautious, threshold
from rooms.advice import Hint, hint, hint_unavailable, optimal
from rooms.messages import Refusal
from rooms.rulewords import option_list
from rooms.turnwords import legal_commands, parse_propose, parse_turn, parse_vote

MAX_SEATS = 8
MIN_PLAYERS = 2
BOT_SUFFIX = ".bot"
"""House bots are named ``Robby.bot``: no account name can contain a dot, so no bot passes for a person."""
BOT_NAME = re.compile(r"[A-Za-z][A-Za-z0-9]{0,11}")
"""ASCII, as player names are: every client shows it and every player can type it ('table bot remove')."""


class Status(str, Enum):
    WAITING = "waiting"
    PLAYING = "playing"
    OVER = "over"


# -- what happens at a table besides the game's own events -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Opened:
    by: str
    rules: RuleSet


@dataclass(frozen=True, slots=True)
class Sat:
    player: str


@dataclass(frozen=True, slots=True)
class Stood:
    player: str


@dataclass(frozen=True, slots=True)
class Watching:
    player: str
    watching: bool


@dataclass(frozen=True, slots=True)
class Absent:
    """A seated player lost their connection (``absent``) or came back."""

    player: str
    absent: bool


@dataclass(frozen=True, slots=True)
class RemovalVote:
    voter: str
    target: str
    needed: tuple[str, ...]
    """Who still has to agree."""


@dataclass(frozen=True, slots=True)
class TimedOut:
    """The turn timer ran out and the table moved for the player."""

    player: str
    command: str


@dataclass(frozen=True, slots=True)
class PutToTable:
    """'table set' with other people seated: the setter's changes are put to the table as these proposals."""

    by: str
    numbers: tuple[int, ...]


TableEvent = Opened | Sat | Stood | Watching | Absent | RemovalVote | TimedOut | PutToTable


# -- what a person (or a bot) needs to see the table -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ProposalView:
    """An open Guiding Light proposal: who has voted yes (the proposer first) and who has still to vote."""

    number: int
    proposer: str
    text: str
    yes: tuple[str, ...]
    waiting: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SeatView:
    name: str
    score: int
    in_game: bool
    out: str | None
    insurance: int
    train_wrecks: int
    circles: int
    absent: bool
    bot: bool = False


@dataclass(frozen=True, slots=True)
class TableView:
    """The table after a move: the scoreboard, the turn, and each player's legal commands as exact text."""

    table: int
    room: str
    status: Status
    rules: RuleSet
    seats: tuple[SeatView, ...]
    watchers: tuple[str, ...]
    up: str | None = None
    turn_points: int = 0
    cubes_left: int = 0
    sun_left: bool = False
    clearing: tuple[int, ...] = ()
    last_throw: Throw | None = None
    waiting_on: tuple[str, ...] = ()
    legal: dict[str, tuple[str, ...]] = field(default_factory=dict)
    stop_refusal: str | None = None
    leader: str | None = None
    target: int | None = None
    challengers: tuple[str, ...] = ()
    winner: str | None = None
    proposals: tuple[ProposalView, ...] = ()
    adopted: RuleSet | None = None


class Aside(NamedTuple):
    """Words for one player right after one of a move's events (the tutorial's notes): they read it where it
    belongs, before what comes next and before what they may do."""

    after: int
    """The index of the event in ``TableNews.events``."""
    to: str
    text: str


@dataclass(frozen=True, slots=True)
class TableNews:
    """One move at a table: what happened, in order, and the table as it now stands."""

    table: int
    events: tuple[ev.Event | TableEvent, ...]
    view: TableView
    game_events: tuple[ev.Event, ...] = ()
    """The engine events among ``events`` (to be stored)."""
    asides: tuple[Aside, ...] = ()


@dataclass(frozen=True, slots=True)
class HouseBot:
    """How a house bot plays: the words it was added with (stored with the table) and the strategy they name."""

    words: tuple[str, ...]
    play: Strategy

    @property
    def optimal(self) -> bool:
        """It plays by the solved tables (which the server reads before its moves)."""
        return self.play is optimal


BOT_KINDS = ("cautious", "threshold", "optimal")


def house_bot(words: Sequence[str]) -> HouseBot:
    """``cautious`` (the default), ``threshold N [K]`` or ``optimal``."""
    usage = (
        "A bot plays 'cautious' (stops as soon as it may), 'threshold N [K]' (throws on under N points with K cubes)"
        " or 'optimal' (by the solved tables of the game)."
    )
    if not words or list(words) == ["cautious"]:
        return HouseBot(("cautious",), cautious)
    if list(words) == ["optimal"]:
        return HouseBot(("optimal",), optimal)
    numbers = [typed_number(word) for word in words[1:]]
    if words[0] == "threshold" and 2 <= len(words) <= 3 and None not in numbers:
        return HouseBot(tuple(words), threshold(*numbers))  # type: ignore[arg-type]
    raise Refusal(usage)


def typed_options(words: Sequence[str]) -> dict[str, str]:
    """Option names and values as typed: ``goal=300 bump`` (a bare name switches a rule on; the last word naming an
    option wins)."""
    options: dict[str, str] = {}
    for word in words:
        name, sep, value = word.partition("=")
        options[name] = value if sep else "on"
    return options


def parse_options(words: Sequence[str], base: RuleSet | None = None) -> RuleSet:
    """Table options as typed: ``goal=300 lastlicks=B bump ntw=3`` (a bare name switches a rule on)."""
    try:
        return RuleSet.from_options(typed_options(words), base=base)
    except UnknownOption as error:
        raise Refusal(f"There is no table option called '{error.name}'. The options (name=value, or the name alone to "
                      f"switch a rule on):\n{option_list()}") from None
    except RuleError as error:
        raise Refusal(str(error)) from None


def _proposal_views(proposals: Mapping[int, Proposal], voters: Sequence[str]) -> tuple[ProposalView, ...]:
    """Each open proposal with the yes votes that still count (the voters') and who has still to vote."""
    return tuple(
        ProposalView(p.number, p.proposer, p.text, tuple(n for n in p.yes if n in voters),
                     tuple(n for n in voters if n not in p.yes))
        for p in proposals.values()
    )


class Table:
    """A table in a room: seats, watchers, and the game once it starts."""

    def __init__(self, number: int, room: str, rules: RuleSet, seats: Sequence[str] = ()) -> None:
        self.number = number
        self.room = room
        self.rules = rules
        self.seats: list[str] = list(seats)
        self.watchers: list[str] = []
        self.absent: set[str] = set()
        self.removal_votes: dict[str, set[str]] = {}
        self.bots: dict[str, HouseBot] = {}
        self.game: Game | None = None
        self.proposals: dict[int, Proposal] = {}
        """Guiding Light proposals open before the game starts (once it has, the game keeps its own)."""
        self.proposals_made = 0

    @classmethod
    def restore(
        cls, number: int, room: str, rules: RuleSet, seats: Sequence[str], events: Sequence[ev.Event],
        bots: Mapping[str, Sequence[str]] | None = None,
    ) -> Table:
        """A table brought back from storage, its game rebuilt from its events, its house bots from their words."""
        table = cls(number, room, rules, seats)
        table.bots = {name: house_bot(words) for name, words in (bots or {}).items()}
        if events:
            table.game = Game.replay(events)
        return table

    # -- queries ------------------------------------------------------------------------------------------------------

    @property
    def status(self) -> Status:
        if self.game is None:
            return Status.WAITING
        return Status.OVER if self.game.is_over else Status.PLAYING

    @property
    def audience(self) -> list[str]:
        """Everyone who hears the table: players, then watchers."""
        return self.seats + [w for w in self.watchers if w not in self.seats]

    def is_seated(self, name: str) -> bool:
        return name in self.seats

    def view(self) -> TableView:
        game = self.game
        rules = game.rules if game else self.rules
        if game is None:
            seats = tuple(SeatView(n, 0, False, None, 0, 0, 1, n in self.absent, n in self.bots) for n in self.seats)
            return TableView(self.number, self.room, self.status, rules, seats, tuple(self.watchers),
                             proposals=_proposal_views(self.proposals, self.seats))
        state = game.state
        seats = tuple(
            SeatView(
                p.name, p.score, p.in_game, p.out, p.insurance, p.train_wrecks, p.circles, p.name in self.absent,
                p.name in self.bots,
            )
            for p in state.players
        )
        turn = state.turn
        ll = state.last_licks
        stop_refusal = game.why_not(turn.player, STOP) if turn is not None else None
        return TableView(
            table=self.number,
            room=self.room,
            status=self.status,
            rules=rules,
            seats=seats,
            watchers=tuple(self.watchers),
            up=state.current,
            turn_points=turn.points if turn else 0,
            cubes_left=(turn.commons + turn.sun) if turn else 0,
            sun_left=turn.sun if turn else False,
            clearing=tuple(int(face) for face in sorted(turn.clearing)) if turn else (),
            last_throw=turn.last_throw if turn else None,
            waiting_on=game.waiting_on(),
            legal={p.name: legal_commands(game, p.name) for p in state.players if p.out is None},
            stop_refusal=stop_refusal,
            leader=ll.leader if ll else None,
            target=ll.target if ll else None,
            challengers=ll.challengers if ll else (),
            winner=state.winner,
            proposals=_proposal_views(state.proposals, [p.name for p in state.active]),
            adopted=state.adopted_rules,
        )

    def _news(self, *events: ev.Event | TableEvent, game_events: Sequence[ev.Event] = ()) -> TableNews:
        return TableNews(self.number, (*events, *game_events), self.view(), tuple(game_events))

    # -- seats -------------------------------------------------------------------------------------------------------

    def sit(self, name: str) -> TableNews:
        if name in self.seats:
            raise Refusal(f"You are already sitting at table {self.number}.")
        if self.status is not Status.WAITING:
            raise Refusal(f"The game at table {self.number} has started; you can 'watch {self.number}'.")
        if len(self.seats) >= MAX_SEATS:
            raise Refusal(f"Table {self.number} is full ({MAX_SEATS} seats).")
        self.seats.append(name)
        if name in self.watchers:
            self.watchers.remove(name)
        return self._news(Sat(name))

    def stand(self, name: str) -> TableNews:
        if name not in self.seats:
            raise Refusal(f"You are not sitting at table {self.number}.")
        if self.status is Status.PLAYING:
            raise Refusal("The game is on: 'leave' leaves the game (your score is lost), or play on.")
        self.seats.remove(name)
        self.absent.discard(name)
        if self.game is not None:
            return self._news(Stood(name))
        self.bots.pop(name, None)  # a house bot standing up before the game (sent away, or removed by a wizard) is gone
        return self._bots_follow(self._news(Stood(name), *self._settle()))  # one vote fewer may be all it waited for

    def watch(self, name: str) -> TableNews:
        if name in self.seats:
            raise Refusal(f"You are sitting at table {self.number}: you see everything already.")
        if name in self.watchers:
            raise Refusal(f"You are already watching table {self.number}.")
        self.watchers.append(name)
        return self._news(Watching(name, True))

    def unwatch(self, name: str) -> TableNews:
        if name not in self.watchers:
            raise Refusal(f"You are not watching table {self.number}.")
        self.watchers.remove(name)
        return self._news(Watching(name, False))

    def leave(self, name: str, dice: DiceSource, why: str = "left the table") -> TableNews:
        """Stop watching, stand up, or (during a game) leave the game and the seat at once. Before the game, house
        bots leave with the last person; during it, a table with no person left is closed by the server. ``why``: how
        the game tells it (a wizard or the table may remove someone)."""
        if name in self.watchers:
            return self.unwatch(name)
        if self.status is Status.PLAYING and self.game is not None and name in self.seats:
            news = self._news()
            if self.game.state.player(name).out is None:
                news = self._apply(name, Withdraw(name, why), dice)
            self.seats.remove(name)
            self.absent.discard(name)
            # Told first: leaving is what puts them out, and what that causes (a winner, the next turn) follows.
            asides = tuple(aside._replace(after=aside.after + 1) for aside in news.asides)
            return TableNews(self.number, (Stood(name), *news.events), self.view(), news.game_events, asides)
        if self.status is Status.OVER and name in self.seats:
            self.seats.remove(name)
            return self._news(Stood(name))
        return self.stand(name)

    def forfeits(self, name: str) -> int | None:
        """The score ``name`` would lose by leaving now (they are still in a game in play), else None."""
        game = self.game
        if self.status is not Status.PLAYING or game is None or name not in self.seats:
            return None
        seat = game.state.player(name)
        return seat.score if seat.out is None else None

    @property
    def people(self) -> list[str]:
        """The seated players who are not house bots."""
        return [name for name in self.seats if name not in self.bots]

    @property
    def deserted(self) -> bool:
        """No person sits here any more (house bots do not count)."""
        return not self.people

    @property
    def unattended(self) -> bool:
        """People sit here, but every one of them is away."""
        return bool(self.people) and all(name in self.absent for name in self.people)

    def _bots_follow(self, news: TableNews) -> TableNews:
        """Before the game, house bots stand up when the last person does."""
        if self.people or self.game is not None:
            return news
        bots = list(self.bots)
        for bot in bots:
            self.seats.remove(bot)
        self.bots.clear()
        return self._news(*news.events, *(Stood(bot) for bot in bots))

    def add_bot(self, by: str, words: Sequence[str]) -> TableNews:
        """``[name] [cautious | threshold N [K] | optimal]``: seat a house bot that plays by the same rules as people."""
        if by not in self.people:
            raise Refusal(f"Only a player sitting at table {self.number} can add a bot.")
        if self.status is not Status.WAITING:
            raise Refusal(f"The game at table {self.number} has started: bots join before the start.")
        if len(self.seats) >= MAX_SEATS:
            raise Refusal(f"Table {self.number} is full ({MAX_SEATS} seats).")
        words = list(words)
        taken = {seat.casefold(): seat for seat in self.seats}
        name = words.pop(0) if words and words[0] not in BOT_KINDS else next(
            f"Robby{n}" for n in count(1) if f"robby{n}{BOT_SUFFIX}" not in taken)
        if not BOT_NAME.fullmatch(name):
            raise Refusal("A bot's name is up to 12 letters and digits, starting with a letter.")
        full = name + BOT_SUFFIX
        if full.casefold() in taken:
            raise Refusal(f"{taken[full.casefold()]} is already at this table.")
        self.bots[full] = house_bot(words)
        self.seats.append(full)
        return self._news(Sat(full))

    def remove_bot(self, by: str, word: str, dice: DiceSource) -> TableNews:
        """A person at the table sends a house bot away: before the game it stands up, during it it leaves the game."""
        if by not in self.people:
            raise Refusal(f"Only a player sitting at table {self.number} can remove a bot.")
        wanted = {word.strip().casefold(), (word.strip() + BOT_SUFFIX).casefold()}
        bot = next((name for name in self.bots if name.casefold() in wanted and name in self.seats), None)
        if bot is None:
            raise Refusal(f"There is no house bot called {word.strip()} at table {self.number}.")
        return self.leave(bot, dice, f"was sent away by {by}")

    def occupant(self, word: str) -> str:
        """Whoever sits at or watches the table under this name, any case."""
        wanted = word.strip().casefold()
        found = next((name for name in self.audience if name.casefold() == wanted), None)
        if found is None:
            raise Refusal(f"{word.strip()} is not at table {self.number}.")
        return found

    def _ballot(self) -> tuple[dict[int, Proposal], list[str]]:
        """The open Guiding Light proposals and who votes on them: the game's and its players still in, or, before
        the game starts, the table's and everyone seated."""
        if self.game is None:
            return self.proposals, self.seats
        state = self.game.state
        return state.proposals, [p.name for p in state.active]

    def bot_to_move(self) -> tuple[str, bool] | None:
        """The house bot the table waits on, with whether its move is a throw or a choice (paced) rather than a vote
        (at once); None when no bot has anything to do."""
        game = self.game
        if game is not None and game.is_over:
            return None
        proposals, voters = self._ballot()
        for proposal in proposals.values():
            voter = next((name for name in self.bots if name in voters and name not in proposal.yes), None)
            if voter is not None:
                return voter, False
        bot = next((name for name in game.waiting_on() if name in self.bots), None) if game is not None else None
        return None if bot is None else (bot, True)

    def bot_move(self, dice: DiceSource) -> TableNews | None:
        """One move of a house bot, if the table waits on one: its vote on an open proposal (yes at once: bots accept
        any change, as 'help propose' says), else what its strategy does with the game's public state and legal
        actions (bots see only what players see)."""
        due = self.bot_to_move()
        if due is None:
            return None
        bot, paced = due
        game = self.game
        if not paced:
            number = next(p.number for p in self._ballot()[0].values() if bot not in p.yes)
            return self._cast(bot, Vote(number, True), dice)
        assert game is not None  # only a game waits on a throw or a choice
        return self._apply(bot, self.bots[bot].play(game.state, bot, game.legal_actions(bot)), dice)

    def set_absent(self, name: str, absent: bool) -> TableNews | None:
        if name not in self.seats or (name in self.absent) == absent:
            return None
        if absent:
            self.absent.add(name)
        else:
            self.absent.discard(name)
            self.removal_votes.pop(name, None)
        return self._news(Absent(name, absent))

    def vote_remove(self, voter: str, target: str, dice: DiceSource) -> TableNews:
        """The table removes an absent player when every other player still in (and present) agrees."""
        game = self._playing(voter)
        target = next((s for s in self.seats if s.casefold() == target.strip().casefold()), target.strip())
        if target not in self.seats or game.state.player(target).out is not None:
            raise Refusal(f"{target} is not playing at table {self.number}.")
        if target not in self.absent:
            raise Refusal(f"{target} is here: only an absent player can be voted out.")
        voters = {p.name for p in game.state.active if p.name != target and p.name not in self.absent}
        votes = self.removal_votes.setdefault(target, set())
        votes.add(voter)
        needed = tuple(sorted(voters - votes))
        if needed:
            return self._news(RemovalVote(voter, target, needed))
        del self.removal_votes[target]
        return self._apply(None, Withdraw(target, "was removed by the table while away"), dice, RemovalVote(voter, target, ()))

    # -- the game ----------------------------------------------------------------------------------------------------

    def start(self, name: str, dice: DiceSource) -> TableNews:
        self._seated_to(name, "start its game")
        if self.status is not Status.WAITING:
            raise Refusal(f"The game at table {self.number} has already started.")
        if len(self.seats) < MIN_PLAYERS:
            raise Refusal(f"A game needs at least {MIN_PLAYERS} players sitting at the table: wait for someone to "
                          f"'sit {self.number}', or 'table bot add' seats a house bot.")
        game = Game.start(self.seats, self.rules, dice)  # first: if the dice fail, nothing has changed
        lapsed = [ev.ProposalDefeated(number, "the game started") for number in self.proposals]
        self._record(lapsed)  # the game keeps its own proposals, numbered from 1; these were for the table before it
        self.game = game
        return self._news(*lapsed, game_events=game.events)

    def _playing(self, name: str | None) -> Game:
        if self.game is None:
            raise Refusal(f"The game at table {self.number} has not started yet.")
        if name is not None and name not in self.seats:
            raise Refusal(f"You are not playing at table {self.number}.")
        return self.game

    def _apply(self, name: str | None, action: Action, dice: DiceSource, *before: TableEvent) -> TableNews:
        game = self._playing(name)
        try:
            events = game.apply(name, action, dice)
        except IllegalAction as refusal:
            raise Refusal(str(refusal)) from None
        return self._news(*before, game_events=events)

    def play(self, name: str, line: str, dice: DiceSource) -> TableNews:
        """A turn command: roll, stop, keep sun 10, keep sun 5, reroll sun, flash 4, spend 2, spend 4 Ann, pass."""
        game = self._playing(name)
        return self._apply(name, parse_turn(game, name, line), dice)

    def propose(self, name: str, line: str, dice: DiceSource) -> TableNews:
        """The Guiding Light, in the game or before it starts (then everyone seated votes, and it takes effect once
        they all approve)."""
        proposal = parse_propose(line)
        if proposal.name:  # an unknown option is told with the list of them all
            parse_options([f"{proposal.name}={proposal.value}"], self._changes_base())
        if self.game is not None:
            return self._apply(name, proposal, dice)
        self._seated_to(name, "propose a change of its rules")
        return self._news(*self._put(name, [proposal]))

    def vote(self, name: str, line: str, dice: DiceSource) -> TableNews:
        return self._cast(name, parse_vote(self._ballot()[0], line), dice)

    def set_rules(self, name: str, words: Sequence[str]) -> TableNews:
        """Before the game starts, the only person seated sets options at once (house bots accept any rules); with
        other people seated, each change is put to the table as a Guiding Light proposal: nobody's rules change
        without their approval."""
        self._seated_to(name, "set its rules")
        if self.status is not Status.WAITING:
            raise Refusal("The game has started: rules now change by the Guiding Light ('propose').")
        rules = parse_options(words, base=self.rules)
        if not [person for person in self.people if person != name]:
            self.rules = rules
            return self._news(Opened(name, self.rules))
        made = self._put(name, [Propose(option, value) for option, value in typed_options(words).items()])
        numbers = tuple(event.number for event in made if isinstance(event, ev.ProposalMade))
        return self._news(PutToTable(name, numbers), *made)

    # -- the Guiding Light before the game starts ---------------------------------------------------------------------

    def _changes_base(self) -> RuleSet:
        """The rules a proposed change builds on."""
        return guidinglight.base(self.game.state) if self.game is not None else self.rules

    def _seated_to(self, name: str, what: str) -> None:
        """Refuse ``what`` (start its game, set its rules, ...) to anyone not sitting at the table."""
        if name not in self.seats:
            raise Refusal(f"Only a player sitting at table {self.number} can {what}.")

    def _put(self, name: str, changes: Sequence[Propose]) -> list[ev.Event]:
        """``name`` proposes ``changes`` to the table before its game: all checked before any is made (one refused,
        none is), then settled (alone at the table, the proposer's own yes adopts them)."""
        proposals = dict(self.proposals)
        made: list[ev.Event] = []
        for change in changes:
            refusal = guidinglight.proposal_refusal(self.rules, proposals, change)
            if refusal is not None:
                raise Refusal(refusal)
            events = guidinglight.propose(self.proposals_made + len(made) + 1, name, change)
            for event in events:
                record_proposal(proposals, event)  # type: ignore[arg-type]
            made += events
        self._record(made)
        return made + self._settle()

    def _cast(self, name: str, vote: Vote, dice: DiceSource) -> TableNews:
        """A vote on a proposal: the game's, or the table's before its game (then settled among everyone seated)."""
        if self.game is not None:
            return self._apply(name, vote, dice)
        self._seated_to(name, "vote on its rules")
        refusal = guidinglight.vote_refusal(self.proposals, name, vote.number)
        if refusal is not None:
            raise Refusal(refusal)
        cast = guidinglight.vote(name, vote.number, vote.yes)
        self._record(cast)
        return self._news(*cast, *self._settle())

    def _settle(self) -> list[ev.Event]:
        """Before the game: adopt, at once, what everyone seated has approved."""
        if not self.proposals:
            return []
        events = guidinglight.settle_among(self.proposals, self.seats, self.rules, at_once=True)
        self._record(events)
        return events

    def _record(self, events: Sequence[ev.Event]) -> None:
        """The table's proposals and rules after Guiding Light events before its game."""
        for event in events:
            if isinstance(event, ev.RulesChanged):
                self.rules = event.rules
            elif isinstance(event, ProposalEvent):
                record_proposal(self.proposals, event)
                if isinstance(event, ev.ProposalMade):
                    self.proposals_made = event.number

    def hint(self, name: str) -> Hint:
        """Each legal choice of ``name`` now, with their chance of winning (the table's ``hints`` option allowing)."""
        game = self._playing(name)
        if not game.rules.hints:
            raise Refusal(f"Hints are off at table {self.number}.")
        if game.is_over:
            raise Refusal("The game is over: 'review <game>' shows where a two-player game was won and lost.")
        if name not in game.waiting_on():
            raise Refusal(f"Hints are for your own decisions: the table waits for {', '.join(game.waiting_on())}.")
        found = hint(game, self.number, name)
        if found is None:
            raise Refusal(hint_unavailable(game.rules))
        if not found.choices:
            raise Refusal("There is no hint for this decision (the solved tables do not read it).")
        return found

    def timed_out(self, dice: DiceSource) -> TableNews | None:
        """The turn timer ran out: the table stops for a player who may stop, and otherwise moves for them (throws,
        takes the first scoring offered, or closes an Insurance window)."""
        game = self.game
        if game is None or game.is_over:
            return None
        turn = game.state.turn
        if turn is None:
            return None
        if turn.window:
            return self._apply(None, CLOSE_WINDOW, dice, TimedOut(turn.player, "pass"))
        actions = game.legal_actions(turn.player)
        action = STOP if STOP in actions else actions[0] if turn.options else ROLL
        words = legal_commands(game, turn.player)[actions.index(action)]
        return self._apply(turn.player, action, dice, TimedOut(turn.player, words))

