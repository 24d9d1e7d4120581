"""Events (arenas, Swiss and duplicate events: 'events', 'event join', 'event standings', 'event N'...) and the bot
ladder ('ladder')."""

from __future__ import annotations

from engine.numbers import typed_number
from rooms.messages import Message, Refusal
from rooms.pairing import ranked
from server.words import texts
from server.competition.anchors import ANCHORS
from server.commands.args import UsageError
from server.commands.registry import command
from server.session import Session
from server.community.names import skeleton
from server.store import BotAccount, EntrantLine, EventRecord
from server.duplicate import round_results
from server.competition.tournaments import ARENA, DUPLICATE, SWISS

MOST_MINUTES, MOST_ROUNDS = 24 * 60, 20


@command("events", category="records")
async def events(session: Session, args: str) -> None:
    """events

    The running events and the latest ones: each one's number, kind (arena or
    Swiss), how far it is, and how many have entered. 'event standings N'
    shows one's standings.
    """
    if args.strip():
        raise UsageError
    store = session.services.store
    records = await store.events(running=False)
    if not records:
        raise Refusal(texts.EVENT_NO_EVENTS)
    lines = [texts.EVENTS_HEADER]
    for record in records:
        entrants = len(await store.standings(record.event_id))
        lines.append(texts.EVENT_LINE.format(number=record.event_id, kind=texts.EVENT_KINDS[record.kind],
                                             state=session.services.events.state(record), entrants=entrants,
                                             options=" ".join(record.options)))
    session.tell("\n".join(lines), "events")


@command("event", category="records", powers=True)
async def event(session: Session, args: str) -> None:
    """event [join|leave|standings] [N] | event KIND [length] [options] [bots]

    'event join' enters the running event (name its number if several run): in
    an arena you are seated as soon as a table can be made, paired by arena
    score, and again after each game until its time is up; in a Swiss event
    you play from the next round on. Points go by finishing place: one for
    each player finished below you, one more for first place. In a duplicate
    event (rounds drawn as in a Swiss event) the tables of a round with as
    many seats throw the same dice, seat by seat, as duplicate bridge deals
    the same boards: you score matchpoints against the players in your seat at
    the other tables (2 for each you beat, 1 for each you tie; a win beats any
    loss, then the higher score); the standings add each game's share of the
    top, in percent (50 at a table with no other in its group). The dice are
    revealed when the round is over ('help verify'). 'event leave' stops (your
    standing stays). 'event standings' shows the standings of the event named,
    or of the latest; 'event N' shows them with each duplicate round's results
    by seat; 'events' lists them. Wizards: 'event arena 30 goal=200 optimal
    cautious' opens a 30-minute arena with those house bots entered ('none':
    no bot), 'event swiss 3' a Swiss event of 3 rounds taking entries, 'event
    duplicate 3' a duplicate event of 3 rounds (KIND: arena, swiss or
    duplicate); 'event start N' draws its first round (or the next, after a
    restart), 'event stop N' draws no more tables.
    """
    verb, *words = args.split() or [""]
    tournaments = session.services.events
    if verb in ("join", "leave", "standings", "start", "stop") and len(words) > 1:
        raise UsageError
    number = _number(words[0]) if words and verb in ("join", "leave", "standings", "start", "stop") else None
    if verb == "join":
        run = tournaments.find(number, verb)
        live = session.services.tables.seat_of(session.player)
        if live is not None and live.game_id not in run.tables:
            session.tell(texts.EVENT_ALREADY_SEATED.format(number=live.table.number, event=run.number), "event")
        follow = texts.EVENT_JOINED_ARENA if run.record.kind == ARENA else texts.EVENT_JOINED_SWISS
        await tournaments.enter(run, session.player)
        session.tell(texts.EVENT_JOINED.format(number=run.number, next=follow), "event_joined", event=str(run.number))
        await tournaments.advance(run)
    elif verb == "leave":
        run = tournaments.find(number, verb)
        await tournaments.leave(run, session.player)
        session.tell(texts.EVENT_LEFT.format(number=run.number), "event")
    elif verb == "standings":
        await _standings(session, number)
    elif verb.lstrip("#").isdigit() and not words:
        await _standings(session, _number(verb), with_results=True)
    elif verb in (ARENA, SWISS, DUPLICATE):
        _wizard(session)
        length, options, bots = _opening(words, MOST_MINUTES if verb == ARENA else MOST_ROUNDS)
        room = session.services.world.location(session.player).key
        await tournaments.open(verb, room, session.player, length, options,
                               bots if bots is not None else list(session.services.settings.events.house_bots))
    elif verb == "start" and number is not None:
        _wizard(session)
        await tournaments.begin(tournaments.find(number, verb))
    elif verb == "stop" and number is not None:
        _wizard(session)
        run = tournaments.find(number, verb)
        await tournaments.halt(run)
        session.tell(texts.EVENT_STOPPED.format(number=run.number), "event")
    else:
        raise UsageError


@command("ladder", category="records")
async def ladder(session: Session, args: str) -> None:
    """ladder [join|leave]

    The bot ladder, for accounts flagged as bots ('@set me=bot owner=NAME
    version=V'; docs/bots.md): 'ladder join' waits for a table, and the
    matchmaker keeps seating the bot with bots of a similar rating (two to
    four a table, the house bots as fixed anchors, no rematch at once, a daily
    cap) until 'ladder leave' or it disconnects. 'ladder' alone shows the
    queue; 'top bots' is the ladder's standings.
    """
    verb = args.strip().lower()
    the_ladder = session.services.ladder
    if verb == "join":
        await the_ladder.join(session.player)
        if session.player in the_ladder.waiting:
            session.tell(texts.LADDER_JOINED.format(name=session.player), "ladder", player=session.player)
    elif verb == "leave":
        the_ladder.leave(session.player)
        session.tell(texts.LADDER_LEFT.format(name=session.player), "ladder", player=session.player)
    elif not verb:
        session.tell(texts.LADDER_STATUS.format(waiting=len(the_ladder.waiting),
                                                names=", ".join(the_ladder.waiting) or "none",
                                                playing=len(the_ladder.tables)), "ladder")
    else:
        raise UsageError


async def _standings(session: Session, number: int | None, with_results: bool = False) -> None:
    """An event's standings; ``with_results``: and a duplicate event's results of each round, by seat."""
    store = session.services.store
    if number is None:
        latest = await store.events(running=False, limit=1)
        if not latest:
            raise Refusal(texts.EVENT_NO_EVENTS)
        record: EventRecord | None = latest[0]
    else:
        record = await store.event(number)
    if record is None:
        raise Refusal(texts.EVENT_NEVER.format(number=number))
    lines = await store.standings(record.event_id)
    session.send(standings_message(record, lines, session.services.events.state(record)))
    if with_results and record.kind == DUPLICATE:
        for round in range(1, record.round + 1):
            for message in await round_results(store, record.event_id, round):
                session.send(message)


def standings_message(record: EventRecord, lines: list[EntrantLine], state: str) -> Message:
    """An event's standings, in words and as fields (``player.1``, ``points.1``... best first)."""
    active = {line.standing.name: line.active for line in lines}
    best = ranked(line.standing for line in lines)
    rows = [texts.EVENT_STANDINGS.format(number=record.event_id, kind=texts.EVENT_KINDS[record.kind], state=state)]
    rows += [texts.EVENT_STANDING_ROW.format(place=place, name=s.name, points=s.points, games=s.games, wins=s.wins,
                                             away="" if active[s.name] else texts.EVENT_STANDING_AWAY)
             for place, s in enumerate(best, 1)] or [texts.EVENT_NO_ENTRANTS]
    fields = {"event": str(record.event_id), "kind": record.kind, "status": record.status}
    for place, s in enumerate(best, 1):
        fields |= {f"player.{place}": s.name, f"points.{place}": str(s.points), f"games.{place}": str(s.games),
                   f"wins.{place}": str(s.wins)}
    return Message("\n".join(rows), "event_standings", fields)


def _number(word: str) -> int:
    number = typed_number(word.lstrip("#"))
    if number is None:
        raise UsageError
    return number


def _wizard(session: Session) -> None:
    if not session.wizard:
        raise Refusal(texts.EVENT_WIZARDS)


def _opening(words: list[str], most: int) -> tuple[int | None, list[str], list[str] | None]:
    """``[length] [option=value ...] [bot kind ...]``: the length (minutes or rounds), the table options, and the
    house bots entered (None: the configured ones)."""
    length = typed_number(words[0]) if words else None
    if length is not None:
        words.pop(0)
        if not 1 <= length <= most:
            raise Refusal(texts.EVENT_LENGTH)
    options = [word for word in words if "=" in word]
    bots = [word.lower() for word in words if "=" not in word]
    for word in bots:
        if word not in ANCHORS and word != "none":
            raise Refusal(texts.EVENT_UNKNOWN_BOT.format(word=word, bots=", ".join(ANCHORS)))
    kinds = [word for word in bots if word != "none"]
    return length, options, (kinds if bots else None)



async def set_bot(session: Session, words: list[str]) -> None:
    """'@set me=bot owner=NAME version=V' flags the account as a bot (a new version starts new ratings);
    '@set me=!bot' takes the flag away."""
    assert session.account is not None
    store, name = session.services.store, session.player
    if words == ["!bot"]:
        await store.set_bot_account(session.account.skeleton, name, None)
        session.tell(texts.BOT_UNFLAGGED.format(name=name), "bot_flag", bot="no")
        return
    pairs = dict(word.partition("=")[::2] for word in words[1:])
    owner, version = pairs.get("owner", ""), pairs.get("version", "")
    if words[0] != "bot" or set(pairs) != {"owner", "version"} or not owner or not version or len(version) > 20:
        raise Refusal(texts.BOT_FLAG_USAGE)
    account = await store.find(skeleton(owner))
    if account is None:
        raise Refusal(texts.BOT_OWNER_UNKNOWN.format(owner=owner))
    if account.skeleton == session.account.skeleton:
        raise Refusal(texts.BOT_OWNER_SELF)
    renewed = await store.set_bot_account(session.account.skeleton, name, BotAccount(account.name, version))
    flagged = await store.bot_account(session.account.skeleton)
    accepted = flagged is not None and flagged.accepted
    ladder = (texts.BOT_LADDER_READY if accepted else texts.BOT_LADDER_WAITS).format(owner=account.name, name=name)
    said = texts.BOT_FLAGGED.format(name=name, owner=account.name, version=version, ladder=ladder)
    said += texts.BOT_NEW_VERSION.format(version=version) if renewed else ""
    session.tell(said, "bot_flag", bot="yes", owner=account.name, version=version, accepted="yes" if accepted else "no")
    owner = session.services.presence.players.get(account.name)
    if not accepted and owner is not None and name not in owner.ignoring:
        owner.tell(texts.BOT_OWNER_ASKED.format(name=name, version=version), "bot_owner")


@command("@bot", category="account")
async def bot(session: Session, args: str) -> None:
    """@bot [accept|refuse <bot>]

    The bots that name you as their owner ('@set me=bot owner=YOU version=V',
    typed by the bot), and whether you accepted each. '@bot accept <bot>' says
    the bot is yours: only then does the bot ladder seat it (nobody answers
    for a bot without saying so). '@bot refuse <bot>' takes that back, or says
    it never was yours.
    """
    assert session.account is not None
    store, me = session.services.store, session.account.name
    verb, _, rest = args.strip().partition(" ")
    if not verb:
        owned = await store.owned_bots(me)
        lines = [texts.BOTS_OWNED, *(texts.BOT_OWNED_LINE.format(name=name, state=texts.BOT_STATE[accepted].format(
            name=name)) for name, accepted in owned)]
        session.tell("\n".join(lines) if owned else texts.NO_BOTS_OWNED, "bots_owned")
        return
    if verb.lower() not in ("accept", "refuse") or not rest.strip() or " " in rest.strip():
        raise UsageError
    accepting = verb.lower() == "accept"
    found = await store.find(skeleton(rest))
    if found is None or not await store.accept_bot(found.skeleton, me, accepting):
        raise Refusal(texts.BOT_NOT_YOURS.format(name=rest.strip()))
    session.tell((texts.BOT_ACCEPTED if accepting else texts.BOT_REFUSED).format(name=found.name), "bot_owner",
                 bot=found.name, accepted="yes" if accepting else "no")
