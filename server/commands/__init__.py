"""All commands. Importing this package registers each of them in ``REGISTRY``."""

from server.commands import (  # noqa: F401
    account, admin, hinting, building, channels, help, jsonmode, login, moderation, movement, options, presence, records,
    tableadmin, seating, talk, gameverbs, tutorial,
)
