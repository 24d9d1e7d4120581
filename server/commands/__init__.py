"""All commands. Importing this package registers each of them in ``REGISTRY``."""

from server.commands import (  # noqa: F401
    account, admin, channels, help, moderation, jsonmode, login, movement, options, presence, records, tables, talk, turns,
)
