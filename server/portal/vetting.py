"""What the portal checks before a reload, however it was asked for (SIGHUP, ``systemctl reload``, ``cosmic-wimpout
reload``, a wizard's ``@reload``): the configuration on disk is read first, as the game process will read it, and a
reload is refused with the reason if it cannot be (a plain SIGHUP used to start a game process that then failed on
it); settings only a restart applies (the listeners: ports, TLS, the web, /metrics) are named when they changed,
since the reload carries on without them (it used to say nothing)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import structlog

from server.words import texts
from server.process.startargs import parse_args, settings_of
from server.settings import ConfigError, Settings

if TYPE_CHECKING:
    from server.portal.portalclient import Client

log = structlog.get_logger()
RESTART_ONLY = ("host", "port", "tls", "web", "metrics", "data_dir", "event_loop")
"""Settings the portal holds (its listeners, its data directory, its loop): a reload does not change them."""


class Vetting:
    """The portal's checks before a reload (a part of ``Portal``)."""

    settings: Settings
    _argv: list[str]

    def _vetted(self, asker: Client | None) -> bool:
        """Whether the reload may go ahead (the asker, if a wizard, is told why not, or what it will not change)."""
        try:
            new = settings_of(parse_args(self._argv))
        except (ConfigError, SystemExit) as exc:
            log.error("portal.reload_refused", reason=str(exc))
            if asker is not None:
                asker.say(texts.RELOAD_BAD_CONFIG.format(reason=exc))
            return False
        unapplied = [key for key in RESTART_ONLY if getattr(new, key) != getattr(self.settings, key)]
        if unapplied:
            log.warning("portal.reload_needs_restart", settings=unapplied)
            if asker is not None:
                asker.say(texts.RELOAD_NEEDS_RESTART.format(settings=", ".join(unapplied)))
        return True
