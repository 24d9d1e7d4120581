"""Tables in rooms, for any game: who sits and watches, absence and removal votes, house bots as seats, and every
move as typed news for the server to render for each person. What the game itself does is its adapter's
(rooms.gameplay.TablePlay, one per game type in the game's folder). No sockets, no timers: the server brings the
clock."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import count
from typing import Any

from rooms.gameplay import HouseBot, TablePlay, TableView
from rooms.messages import Refusal
from rooms.tablenews import (  # (the seating events and TimedOut, named here by their importers too)
    Absent, Aside, RemovalVote, SEATING_EVENTS, Sat, Status, Stood, TableEnding, TableNews, TimedOut, Watching,
)

MIN_PLAYERS = 2
BOT_SUFFIX = ".bot"
"""House bots are named ``Robby.bot``: no account name can contain a dot, so no bot passes for a person."""
BOT_NAME = re.compile(r"[A-Za-z][A-Za-z0-9]{0,11}")
"""ASCII, as player names are: every client shows it and every player can type it ('table bot remove')."""


@dataclass(slots=True)
class Conduct:
    """How each person took part in the game, which its rating asks (server.competition.fairplay): the turn moves each typed that
    the game took (never the turn timer's for them, nor a house bot's), who left it after its start (left, voted out
    or removed, in order), and where each person connected from when it started (noted by the server)."""

    moves: Counter[str] = field(default_factory=Counter)
    left: list[str] = field(default_factory=list)
    addresses: dict[str, str] = field(default_factory=dict)


class Table:
    """A table in a room: seats, watchers, and the game (its adapter, ``play``) once it starts."""

    def __init__(self, number: int, room: str, game: str, play: Callable[[Table], TablePlay],
                 seats: Sequence[str] = ()) -> None:
        self.number = number
        self.room = room
        self.game = game
        """The game type's name (``wimpout``)."""
        self.seats: list[str] = list(seats)
        self.watchers: list[str] = []
        self.absent: set[str] = set()
        self.removal_votes: dict[str, set[str]] = {}
        self.bots: dict[str, HouseBot] = {}
        self.authored: dict[str, str] = {}
        """Words people put before the table (a house bot's name they chose, an honour rule they proposed), as
        they read, by who wrote them: what 'ignore' hides from those ignoring the writer."""
        self.conduct = Conduct()
        self.advice = True
        """'hint' is answered here while the game is on: the server turns it off for a rated game (the solver's
        moves are not for rated play)."""
        self.lapsed: set[str] | None = None
        """At a table played over days (the server sets it): who missed deadlines enough to be voted out, present or
        not (every player is away most of the time there); None at a live table, where an absent player may be."""
        self.play = play(self)

    # -- queries ------------------------------------------------------------------------------------------------------

    @property
    def status(self) -> Status:
        if not self.play.started:
            return Status.WAITING
        return Status.OVER if self.play.is_over else Status.PLAYING

    @property
    def audience(self) -> list[str]:
        """Everyone who hears the table: players, then watchers."""
        return self.seats + [w for w in self.watchers if w not in self.seats]

    def is_seated(self, name: str) -> bool:
        return name in self.seats

    def view(self) -> TableView:
        return self.play.view()

    def news(self, *events: Any, asides: tuple[Aside, ...] = ()) -> TableNews:
        """``events`` with the table as it now stands."""
        return TableNews(self.number, self.game, events, self.view(), asides)

    def ending(self) -> TableEnding | None:
        """How the table now stands to close: its game finished, abandoned (no person is left in a game: one that
        ended only because everyone left is abandoned too), closed (everyone left before the start), or None."""
        if self.status is Status.OVER and not (self.deserted and self.play.abandoned):
            return TableEnding.OVER
        if self.deserted:
            return TableEnding.CLOSED if not self.play.started else TableEnding.ABANDONED
        return None

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

    def occupant(self, word: str) -> str:
        """Whoever sits at or watches the table under this name, any case."""
        wanted = word.strip().casefold()
        found = next((name for name in self.audience if name.casefold() == wanted), None)
        if found is None:
            raise Refusal(f"{word.strip()} is not at table {self.number}.")
        return found

    def forfeits(self, name: str) -> int | None:
        """The score ``name`` would lose by leaving now (they are still in a game in play), else None."""
        if self.status is not Status.PLAYING or name not in self.seats:
            return None
        return self.play.forfeits(name)

    # -- seats -------------------------------------------------------------------------------------------------------

    def sit(self, name: str) -> TableNews:
        if name in self.seats:
            raise Refusal(f"You are already sitting at table {self.number}.")
        if self.status is not Status.WAITING:
            raise Refusal(f"The game at table {self.number} has started; you can 'watch {self.number}'.")
        self._room_for_one()
        self.seats.append(name)
        if name in self.watchers:
            self.watchers.remove(name)
        return self.news(Sat(name))

    def _room_for_one(self) -> None:
        if len(self.seats) >= self.play.seats:
            raise Refusal(f"Table {self.number} is full ({self.play.seats} seats).")

    def stand(self, name: str) -> TableNews:
        if name not in self.seats:
            raise Refusal(f"You are not sitting at table {self.number}.")
        if self.status is Status.PLAYING:
            raise Refusal("The game is on: 'leave' leaves the game (your score is lost), or play on.")
        self.seats.remove(name)
        self.absent.discard(name)
        if self.play.started:
            return self.news(Stood(name))
        self.bots.pop(name, None)  # a house bot standing up before the game (sent away, or removed by a wizard) is gone
        return self._bots_follow(self.news(Stood(name), *self.play.seats_changed()))

    def watch(self, name: str) -> TableNews:
        if name in self.seats:
            raise Refusal(f"You are sitting at table {self.number}: you see everything already.")
        if name in self.watchers:
            raise Refusal(f"You are already watching table {self.number}.")
        self.watchers.append(name)
        return self.news(Watching(name, True))

    def unwatch(self, name: str) -> TableNews:
        if name not in self.watchers:
            raise Refusal(f"You are not watching table {self.number}.")
        self.watchers.remove(name)
        return self.news(Watching(name, False))

    def leave(self, name: str, dice: Any, why: str = "left the table") -> TableNews:
        """Stop watching, stand up, or (during a game) leave the game and the seat at once. Before the game, house
        bots leave with the last person; during it, a table with no person left is closed by the server. ``why``: how
        the game tells it (a wizard or the table may remove someone)."""
        if name in self.watchers:
            return self.unwatch(name)
        if self.status is Status.PLAYING and name in self.seats:
            news = self.news()
            if self.play.in_game(name):
                news = self.play.withdraw(name, name, why, dice)
                self._left(name)
            self.seats.remove(name)
            self.absent.discard(name)
            # Told first: leaving is what puts them out, and what that causes (a winner, the next turn) follows.
            asides = tuple(aside._replace(after=aside.after + 1) for aside in news.asides)
            return self.news(Stood(name), *news.events, asides=asides)
        if self.status is Status.OVER and name in self.seats:
            self.seats.remove(name)
            return self.news(Stood(name))
        return self.stand(name)

    def _bots_follow(self, news: TableNews) -> TableNews:
        """Before the game, house bots stand up when the last person does."""
        if self.people or self.play.started:
            return news
        bots = list(self.bots)
        for bot in bots:
            self.seats.remove(bot)
        self.bots.clear()
        return self.news(*news.events, *(Stood(bot) for bot in bots))

    def add_bot(self, by: str, words: Sequence[str]) -> TableNews:
        """``[name] [kind ...]``: seat a house bot that plays by the same rules as people."""
        if by not in self.people:
            raise Refusal(f"Only a player sitting at table {self.number} can add a bot.")
        if self.status is not Status.WAITING:
            raise Refusal(f"The game at table {self.number} has started: bots join before the start.")
        self._room_for_one()
        words = list(words)
        taken = {seat.casefold(): seat for seat in self.seats}
        named = bool(words) and words[0] not in self.play.bot_kinds
        name = words.pop(0) if named else next(f"Robby{n}" for n in count(1) if f"robby{n}{BOT_SUFFIX}" not in taken)
        if not BOT_NAME.fullmatch(name):
            raise Refusal("A bot's name is up to 12 letters and digits, starting with a letter.")
        full = name + BOT_SUFFIX
        if full.casefold() in taken:
            raise Refusal(f"{taken[full.casefold()]} is already at this table.")
        self.bots[full] = self.play.house_bot(words)
        self.seats.append(full)
        if named:
            self.authored[full] = by
        return self.news(Sat(full))

    def remove_bot(self, by: str, word: str, dice: Any) -> TableNews:
        """A person at the table sends a house bot away: before the game it stands up, during it it leaves the game."""
        if by not in self.people:
            raise Refusal(f"Only a player sitting at table {self.number} can remove a bot.")
        wanted = {word.strip().casefold(), (word.strip() + BOT_SUFFIX).casefold()}
        bot = next((name for name in self.bots if name.casefold() in wanted and name in self.seats), None)
        if bot is None:
            raise Refusal(f"There is no house bot called {word.strip()} at table {self.number}.")
        return self.leave(bot, dice, f"was sent away by {by}")

    def set_absent(self, name: str, absent: bool) -> TableNews | None:
        if name not in self.seats or (name in self.absent) == absent:
            return None
        if absent:
            self.absent.add(name)
        else:
            self.absent.discard(name)
            self.removal_votes.pop(name, None)
        return self.news(Absent(name, absent))

    def vote_remove(self, voter: str, target: str, dice: Any) -> TableNews:
        """The table removes an absent player when every other player still in (and present) agrees."""
        self.playing(voter)
        target = next((s for s in self.seats if s.casefold() == target.strip().casefold()), target.strip())
        if target not in self.seats or not self.play.in_game(target):
            raise Refusal(f"{target} is not playing at table {self.number}.")
        if self.lapsed is not None and target not in self.lapsed:
            raise Refusal(f"{target} has not missed deadlines enough to be voted out.")
        if self.lapsed is None and target not in self.absent:
            raise Refusal(f"{target} is here: only an absent player can be voted out.")
        voters = {name for name in self.play.players_in()
                  if name != target and (self.lapsed is not None or name not in self.absent)}
        votes = self.removal_votes.setdefault(target, set())
        votes.add(voter)
        needed = tuple(sorted(voters - votes))
        if needed:
            return self.news(RemovalVote(voter, target, needed))
        del self.removal_votes[target]
        news = self.play.withdraw(None, target, "was removed by the table while away", dice,
                                  RemovalVote(voter, target, ()))
        self._left(target)
        return news

    def _left(self, name: str) -> None:
        """A person is out of the game by leaving it (a house bot sent away is not: people chose that)."""
        if name not in self.bots:
            self.conduct.left.append(name)

    # -- the game ----------------------------------------------------------------------------------------------------

    def start(self, name: str, dice: Any) -> TableNews:
        self.seated_to(name, "start its game")
        if self.status is not Status.WAITING:
            raise Refusal(f"The game at table {self.number} has already started.")
        if len(self.seats) < MIN_PLAYERS:
            raise Refusal(f"A game needs at least {MIN_PLAYERS} players sitting at the table: wait for someone to "
                          f"'sit {self.number}', or 'table bot add' seats a house bot.")
        return self.play.start(dice)

    def move(self, name: str, line: str, dice: Any) -> TableNews:
        """A move of the game's own, as typed (roll, stop, hold...)."""
        self.playing(name)
        news = self.play.move(name, line, dice)
        self.conduct.moves[name] += 1
        return news

    def playing(self, name: str | None) -> None:
        """Refuse a game move before the start, or from anyone not seated (None: the table itself)."""
        if not self.play.started:
            raise Refusal(f"The game at table {self.number} has not started yet.")
        if name is not None and name not in self.seats:
            raise Refusal(f"You are not playing at table {self.number}.")

    def seated_to(self, name: str, what: str) -> None:
        """Refuse ``what`` (start its game, set its rules, ...) to anyone not sitting at the table."""
        if name not in self.seats:
            raise Refusal(f"Only a player sitting at table {self.number} can {what}.")

    def bot_to_move(self) -> tuple[str, bool] | None:
        """The house bot the table waits on, with whether its move is paced (a throw) or at once (a vote)."""
        return self.play.bot_to_move()

    def bot_move(self, dice: Any) -> TableNews | None:
        return self.play.bot_move(dice)

    def timed_out(self, dice: Any) -> TableNews | None:
        return self.play.timed_out(dice)
