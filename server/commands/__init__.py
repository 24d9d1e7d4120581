"""All commands. Importing this package registers each of them in ``REGISTRY``."""

from server.commands import (  # noqa: F401
    account, admin, advice, building, channels, help, jsonmode, login, moderation, movement, options, presence, records,
    tableadmin, tables, talk, gameverbs, tutorial,
)
