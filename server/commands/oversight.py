"""The moderation record of the whole server ('@audit'), and players' reports to the wizards ('report', '@reports'),
Fuzzball's gripe with a number, an answer and a limit."""

from __future__ import annotations

import structlog

from engine.numbers import typed_number
from rooms.messages import Refusal, speech
from server.words import texts
from server.commands.admin import account_named
from server.commands.args import UsageError, target_and_text
from server.commands.registry import command
from server.limits.quotas import HOUR, minutes
from server.community.sanctions import entry_line, record, when
from server.session import Session
from server.store import Report

log = structlog.get_logger()
AUDIT_SHOWN, AUDIT_MOST = 20, 500
"""'@audit' shows the latest 20 entries, or as many as asked, up to 500."""
REPORT_MOST = 1000
"""Characters a report may hold."""
OPEN_REPORTS_MOST = 5
"""Reports one player may have open at once (besides ``limits.reports_per_hour``, and one open about each player)."""
REPORTS_LISTED = 50


@command("@audit", wizard=True, category="admin")
async def audit(session: Session, args: str) -> None:
    """@audit [<number> | <player> | <action>]

    The moderation record of the whole server, newest first: what every
    wizard did (mute, ban, newpassword, rename...), grants made from the
    console, reports filed and closed, accounts deleted, and whatever else
    is recorded. A number shows that many of the latest (20 unless given);
    a player's name, what was done by them or to them; an action's name
    (ban, wizard, report...), every such action.
    """
    word = args.strip()
    if len(word.split()) > 1:
        raise UsageError
    count = typed_number(word)
    if word and count is None:
        entries = await session.services.store.audit(word, AUDIT_SHOWN)
        about = texts.AUDIT_ABOUT.format(word=word)
    elif count == 0:
        raise UsageError
    else:
        entries = await session.services.store.audit(None, min(count or AUDIT_SHOWN, AUDIT_MOST))
        about = ""
    if not entries:
        session.tell(texts.AUDIT_NONE.format(about=about), "audit")
        return
    session.page("\n".join([texts.AUDIT_HEADER.format(about=about), *map(entry_line, entries)]), "audit")


@command("report", category="general")
async def report(session: Session, args: str) -> None:
    """report <player>=<what happened>

    Tell the wizards about someone spoiling the game for others (insults,
    harassment, cheating, a name that misleads): say what happened, where
    and when. Every report is kept until a wizard has looked at it and
    closed it, and you are told then. You may have a few open at once, and
    one about each player.
    """
    name, text = target_and_text(args)
    account = await account_named(session, name)
    if account.name == session.player:
        raise Refusal(texts.REPORT_SELF)
    text = speech(text)
    if len(text) > REPORT_MOST:
        raise Refusal(texts.REPORT_TOO_LONG.format(most=REPORT_MOST))
    services = session.services
    now = services.clock()
    mine = await services.store.reports_by(session.player, now - HOUR)
    still_open = [r for r in mine if r.closed_at is None]
    same = next((r for r in still_open if r.reported.casefold() == account.name.casefold()), None)
    if same is not None:
        raise Refusal(texts.REPORT_OPEN_ALREADY.format(number=same.number, name=account.name))
    if len(still_open) >= OPEN_REPORTS_MOST:
        raise Refusal(texts.REPORT_TOO_MANY_OPEN.format(most=OPEN_REPORTS_MOST))
    hourly = services.settings.limits.reports_per_hour
    lately = sorted(r.at for r in mine if r.at >= now - HOUR)
    if len(lately) >= hourly:
        done = texts.REPORTS_HOURLY.format(most=hourly)
        raise Refusal(texts.QUOTA_REACHED.format(done=done, time=minutes(lately[-hourly] + HOUR - now)))
    number = await services.store.file_report(session.player, account.name, text, now)
    await record(session, "report", account.name, f"#{number}")
    note = texts.REPORT_NOTE.format(by=session.player, name=account.name, number=number, text=text)
    for other in list(services.presence.players.values()):
        if other.wizard and other is not session:
            other.tell(note, "report")
    session.tell(texts.REPORT_FILED.format(number=number, name=account.name))


@command("@reports", wizard=True, category="admin")
async def reports(session: Session, args: str) -> None:
    """@reports [all | close <number>[=<note>]]

    The players' reports still open, oldest first ('all': the latest ones,
    closed ones too). Once you have looked into one, close it, with a note
    if you like: its reporter is told it was looked at (and the note).
    """
    head, _, note = args.partition("=")
    said = head.split()
    store = session.services.store
    if said and said[0].lower() == "close" and len(said) == 2 and (number := typed_number(said[1].lstrip("#"))):
        await _close(session, number, speech(note)[:REPORT_MOST])
        return
    if note or said not in ([], ["all"]):
        raise UsageError
    listed = await store.reports(open_only=not said, limit=REPORTS_LISTED)
    if not listed:
        session.tell(texts.NO_REPORTS, "reports")
        return
    which = texts.REPORTS_ALL if said else texts.REPORTS_OPEN
    lines = [texts.REPORTS_HEADER.format(which=which), *map(_line, listed), texts.REPORTS_FOOTER]
    session.page("\n".join(lines), "reports")


async def _close(session: Session, number: int, note: str) -> None:
    closed = await session.services.store.close_report(number, session.player, note, session.services.clock())
    if closed is None:
        raise Refusal(texts.NO_SUCH_REPORT.format(number=number))
    await record(session, "close_report", closed.reported, f"#{number}{': ' + note if note else ''}")
    reporter = session.services.presence.players.get(closed.reporter)
    if reporter is not None:
        reporter.tell(texts.REPORT_CLOSED_NOTE.format(number=number, name=closed.reported, by=session.player,
                                                      note=f": {note}" if note else ""), "report")
    session.tell(texts.REPORT_CLOSED.format(number=number, name=closed.reported))


def _line(report: Report) -> str:
    closed = "" if report.closed_at is None else texts.REPORT_CLOSED_MARK.format(
        by=report.closed_by, when=when(report.closed_at), note=f": {report.note}" if report.note else "")
    return texts.REPORT_LINE.format(number=report.number, when=when(report.at), by=report.reporter,
                                    name=report.reported, text=report.text, closed=closed)


async def reports_at_login(session: Session) -> None:
    """A wizard logging in is told how many reports wait for a wizard."""
    if not session.wizard:
        return
    waiting = len(await session.services.store.reports(open_only=True, limit=REPORTS_LISTED))
    if waiting:
        are, s = ("is", "") if waiting == 1 else ("are", "s")
        session.tell(texts.REPORTS_WAITING.format(are=are, count=waiting, s=s), "reports")
