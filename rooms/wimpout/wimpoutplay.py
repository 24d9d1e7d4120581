"""Cosmic Wimpout's table adapter (rooms.gameplay.TablePlay): the Game once it starts, the Guiding Light before and
during it, hints, the house bots' strategies, the turn timer's move, and the table's view with its cubes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.wimpout import Game, RuleSet, guidinglight
from engine.wimpout import events as ev
from engine.wimpout.actions import CLOSE_WINDOW, ROLL, STOP, Action, Propose, Vote, Withdraw
from engine.wimpout.dice import DiceSource
from engine.wimpout.game import IllegalAction
from engine.wimpout.state import Proposal, ProposalEvent, record_proposal
from rooms.gameplay import MatchPlay
from rooms.messages import Refusal
from rooms.tables import Table, TableNews, TimedOut
from rooms.wimpout.advising import Advisors, Hint, hint, hint_unavailable, optimal
from rooms.wimpout.turnwords import legal_commands, parse_propose, parse_turn, parse_vote
from rooms.wimpout.wimpoutview import (
    BOT_KINDS, HouseBot, Opened, PutToTable, SeatView, TableView, house_bot, parse_options, proposal_views,
    typed_options,
)

GAME = "wimpout"
"""Cosmic Wimpout's name as a game type (``table open game=wimpout``)."""


def wimpout_table(number: int, room: str, rules: RuleSet, seats: Sequence[str] = ()) -> Table:
    """A new Cosmic Wimpout table."""
    return Table(number, room, GAME, lambda table: WimpoutPlay(table, rules), seats)


def restore_table(
    number: int, room: str, rules: RuleSet, seats: Sequence[str], events: Sequence[ev.Event],
    bots: Mapping[str, Sequence[str]] | None = None,
) -> Table:
    """A table brought back from storage, its game rebuilt from its events, its house bots from their words."""
    table = wimpout_table(number, room, rules, seats)
    table.bots = {name: house_bot(words) for name, words in (bots or {}).items()}
    if events:
        table.play.game = Game.replay(events)  # type: ignore[attr-defined]
    for event in events:
        if isinstance(event, ev.ProposalMade) and not event.name:
            wrote(table, event.proposer, event.value)
    return table


def wrote(table: Table, author: str, honour: str) -> None:
    """``author`` proposed the honour rule ``honour``: as it reads alone (the rules), and quoted (the proposal)."""
    for text in (honour, f'"{honour}"'):
        table.authored.setdefault(text, author)  # the first writer keeps it: a copy later adds nothing of theirs


class WimpoutPlay(MatchPlay[Game]):
    """Cosmic Wimpout at one table."""

    bot_kinds = BOT_KINDS
    seats = 8
    """Cosmic Wimpout at a table of eight at most (people and house bots)."""

    def __init__(self, table: Table, rules: RuleSet) -> None:
        self.table = table
        self.rules = rules
        self.game = None
        self.proposals: dict[int, Proposal] = {}
        """Guiding Light proposals open before the game starts (once it has, the game keeps its own)."""
        self.proposals_made = 0
        self.advisors: Advisors | None = None
        """The solved tables of the server hosting the table, lent before its optimal bots move (without them an
        optimal bot plays its fallback)."""

    # -- what the table asks -------------------------------------------------------------------------------------------

    def options_record(self) -> dict[str, Any]:
        return self.rules.model_dump(mode="json")

    def in_game(self, name: str) -> bool:
        return self.game is not None and self.game.state.player(name).out is None

    def players_in(self) -> list[str]:
        return [p.name for p in self.game.state.active] if self.game is not None else []

    def forfeits(self, name: str) -> int | None:
        seat = self._game().state.player(name)
        return seat.score if seat.out is None else None

    def house_bot(self, words: Sequence[str]) -> HouseBot:
        return house_bot(words)

    def timer(self) -> str | None:
        game = self.game
        if game is None or game.is_over or game.state.turn is None:
            return None
        return "window" if game.state.turn.window else "turn"

    def view(self) -> TableView:
        table, game = self.table, self.game
        rules = game.rules if game else self.rules
        if game is None:
            seats = tuple(SeatView(n, 0, False, None, 0, 0, 1, n in table.absent, n in table.bots) for n in table.seats)
            return TableView(table.number, table.room, table.status, rules, seats, tuple(table.watchers),
                             proposals=proposal_views(self.proposals, table.seats), hints=rules.hints and table.advice)
        state = game.state
        seats = tuple(
            SeatView(
                p.name, p.score, p.in_game, p.out, p.insurance, p.train_wrecks, p.circles, p.name in table.absent,
                p.name in table.bots,
            )
            for p in state.players
        )
        turn = state.turn
        ll = state.last_licks
        stop_refusal = game.why_not(turn.player, STOP) if turn is not None else None
        return TableView(
            table=table.number,
            room=table.room,
            status=table.status,
            rules=rules,
            seats=seats,
            watchers=tuple(table.watchers),
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
            proposals=proposal_views(state.proposals, [p.name for p in state.active]),
            adopted=state.adopted_rules,
            hints=rules.hints and table.advice,
        )

    # -- the game ----------------------------------------------------------------------------------------------------

    def start(self, dice: DiceSource) -> TableNews:
        game = Game.start(self.table.seats, self.rules, dice)  # first: if the dice fail, nothing has changed
        lapsed = [ev.ProposalDefeated(number, "the game started") for number in self.proposals]
        self._record(lapsed)  # the game keeps its own proposals, numbered from 1; these were for the table before it
        self.game = game
        return self.table.news(*lapsed, *game.events)

    def _apply(self, name: str | None, action: Action, dice: DiceSource, *before: Any) -> TableNews:
        self.table.playing(name)
        try:
            events = self._game().apply(name, action, dice)
        except IllegalAction as refusal:
            raise Refusal(str(refusal)) from None
        return self.table.news(*before, *events)

    def move(self, name: str, line: str, dice: DiceSource) -> TableNews:
        """A turn command: roll, stop, keep sun 10, keep sun 5, reroll sun, flash 4, spend 2, spend 4 Ann, pass."""
        return self._apply(name, parse_turn(self._game(), name, line), dice)

    def withdraw(self, name: str | None, target: str, why: str, dice: DiceSource, *before: Any) -> TableNews:
        return self._apply(name, Withdraw(target, why), dice, *before)

    def propose(self, name: str, line: str, dice: DiceSource) -> TableNews:
        """The Guiding Light, in the game or before it starts (then everyone seated votes, and it takes effect once
        they all approve)."""
        proposal = parse_propose(line)
        if proposal.name:  # an unknown option is told with the list of them all
            parse_options([f"{proposal.name}={proposal.value}"], self._changes_base())
        else:
            wrote(self.table, name, proposal.text)
        if self.game is not None:
            return self._apply(name, proposal, dice)
        self.table.seated_to(name, "propose a change of its rules")
        return self.table.news(*self._put(name, [proposal]))

    def vote(self, name: str, line: str, dice: DiceSource) -> TableNews:
        return self._cast(name, parse_vote(self._ballot()[0], line), dice)

    def set_options(self, name: str, words: Sequence[str]) -> TableNews:
        """Before the game starts, the only person seated sets options at once (house bots accept any rules); with
        other people seated, each change is put to the table as a Guiding Light proposal: nobody's rules change
        without their approval."""
        self.table.seated_to(name, "set its rules")
        if self.game is not None:
            raise Refusal("The game has started: rules now change by the Guiding Light ('propose').")
        rules = parse_options(words, base=self.rules)
        if not [person for person in self.table.people if person != name]:
            self.rules = rules
            return self.table.news(Opened(name, self.rules))
        made = self._put(name, [Propose(option, value) for option, value in typed_options(words).items()])
        numbers = tuple(event.number for event in made if isinstance(event, ev.ProposalMade))
        return self.table.news(PutToTable(name, numbers), *made)

    def hint(self, name: str, advisors: Advisors) -> Hint:
        """Each legal choice of ``name`` now, with their chance of winning (the table's ``hints`` option allowing)."""
        self.table.playing(name)
        game = self._game()
        if not game.rules.hints:
            raise Refusal(f"Hints are off at table {self.table.number}.")
        if game.is_over:
            raise Refusal("The game is over: 'review <game>' shows where a two-player game was won and lost.")
        if name not in game.waiting_on():
            raise Refusal(f"Hints are for your own decisions: the table waits for {', '.join(game.waiting_on())}.")
        found = hint(advisors, game, self.table.number, name)
        if found is None:
            raise Refusal(hint_unavailable(advisors, game.rules))
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

    # -- house bots --------------------------------------------------------------------------------------------------

    def _ballot(self) -> tuple[dict[int, Proposal], list[str]]:
        """The open Guiding Light proposals and who votes on them: the game's and its players still in, or, before
        the game starts, the table's and everyone seated."""
        if self.game is None:
            return self.proposals, self.table.seats
        state = self.game.state
        return state.proposals, [p.name for p in state.active]

    def bot_to_move(self) -> tuple[str, bool] | None:
        """The house bot the table waits on, with whether its move is a throw or a choice (paced) rather than a vote
        (at once); None when no bot has anything to do."""
        game, bots = self.game, self.table.bots
        if game is not None and game.is_over:
            return None
        proposals, voters = self._ballot()
        for proposal in proposals.values():
            voter = next((name for name in bots if name in voters and name not in proposal.yes), None)
            if voter is not None:
                return voter, False
        bot = next((name for name in game.waiting_on() if name in bots), None) if game is not None else None
        return None if bot is None else (bot, True)

    def bot_move(self, dice: DiceSource) -> TableNews | None:
        """One move of a house bot, if the table waits on one: its vote on an open proposal (yes at once: bots accept
        any change, as 'help propose' says), else what its strategy does with the game's public state and legal
        actions (bots see only what players see)."""
        due = self.bot_to_move()
        if due is None:
            return None
        bot, paced = due
        if not paced:
            number = next(p.number for p in self._ballot()[0].values() if bot not in p.yes)
            return self._cast(bot, Vote(number, True), dice)
        game = self._game()  # only a game waits on a throw or a choice
        found = self.table.bots[bot]
        assert isinstance(found, HouseBot)
        legal = game.legal_actions(bot)
        action = optimal(self.advisors, game.state, bot, legal) if found.optimal else found.play(game.state, bot, legal)
        return self._apply(bot, action, dice)

    def bot_plays_optimal(self, bot: str) -> bool:
        """The bot plays by the solved tables (the server reads them before its moves)."""
        found = self.table.bots.get(bot)
        return isinstance(found, HouseBot) and found.optimal

    # -- the Guiding Light before the game starts ---------------------------------------------------------------------

    def _changes_base(self) -> RuleSet:
        """The rules a proposed change builds on."""
        return guidinglight.base(self.game.state) if self.game is not None else self.rules

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
        return made + self.seats_changed()

    def _cast(self, name: str, vote: Vote, dice: DiceSource) -> TableNews:
        """A vote on a proposal: the game's, or the table's before its game (then settled among everyone seated)."""
        if self.game is not None:
            return self._apply(name, vote, dice)
        self.table.seated_to(name, "vote on its rules")
        refusal = guidinglight.vote_refusal(self.proposals, name, vote.number)
        if refusal is not None:
            raise Refusal(refusal)
        cast = guidinglight.vote(name, vote.number, vote.yes)
        self._record(cast)
        return self.table.news(*cast, *self.seats_changed())

    def seats_changed(self) -> list[Any]:
        """Before the game: adopt, at once, what everyone seated has approved."""
        if not self.proposals:
            return []
        events = guidinglight.settle_among(self.proposals, self.table.seats, self.rules, at_once=True)
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


def wimpout_play(table: Table) -> WimpoutPlay:
    """The adapter of a Wimpout table (the table's ``play``, typed as Wimpout's)."""
    play = table.play
    if not isinstance(play, WimpoutPlay):
        raise Refusal(f"Table {table.number} does not play Cosmic Wimpout.")
    return play
