"""Outgoing email as it is queued and sent (not @mail, the letters between players: server/commands/mailbox.py).
A mail is made whole when it is queued (its words, its links), so what a restart sends is what was meant; its
Message-ID comes from its place in the queue, the same at every try."""

from __future__ import annotations

import json
from email.message import EmailMessage
from email.policy import SMTP
from email.utils import formatdate, parseaddr
from urllib.parse import urlencode, urljoin

from server.settings import Settings

HEADERS = SMTP.clone(max_line_length=998)
"""Headers not folded (RFC 5322's limit): a List-Unsubscribe link folded onto a line of its own is one some mail
programs do not read."""


def page_url(settings: Settings, table: int | None = None) -> str:
    """The web page as players reach it (``web.public_url``), at a table if one is named."""
    base = settings.web.public_url or f"http://{settings.mssp.hostname or 'localhost'}:{settings.web.port}/"
    base = base if base.endswith("/") else base + "/"
    return base if table is None else f"{base}#table={table}"


def unsubscribe_url(settings: Settings, token: str) -> str:
    """The one-click unsubscribe link of an address (RFC 8058), served by the web port."""
    return urljoin(page_url(settings), "unsubscribe?" + urlencode({"t": token}))


def mail_payload(settings: Settings, subject: str, lines: list[str], token: str, table: int | None = None,
                 why: str = "") -> str:
    """A mail's queued form: its subject, its text (the lines, a link to the table on the page, and how to stop
    such mail), and its unsubscribe link."""
    unsubscribe = unsubscribe_url(settings, token)
    text = "\n".join([*lines, "", f"Play: {page_url(settings, table)}", "", "--",
                      why or f"You asked {settings.server_name} for these notices ('@set notify').",
                      f"Stop them with one click: {unsubscribe}", ""])
    return json.dumps({"subject": subject, "text": text, "unsubscribe": unsubscribe})


def message(settings: Settings, outgoing_id: int, created_at: float, to: str, payload: str) -> EmailMessage:
    """The mail to send for a queued one."""
    data = json.loads(payload)
    mail = EmailMessage(policy=HEADERS)
    sender = settings.mail.from_address
    mail["From"] = sender
    mail["To"] = to
    mail["Subject"] = data["subject"]
    mail["Date"] = formatdate(created_at, usegmt=True)
    domain = parseaddr(sender)[1].rpartition("@")[2] or "localhost"
    mail["Message-ID"] = f"<cw.{outgoing_id}.{int(created_at)}@{domain}>"
    mail["List-Unsubscribe"] = f"<{data['unsubscribe']}>"
    mail["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    mail["Auto-Submitted"] = "auto-generated"
    mail.set_content(data["text"])
    return mail
