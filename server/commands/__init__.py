"""All commands. Importing this package registers each of them in ``REGISTRY``."""

from server.commands import account, admin, help, login, movement, presence, talk  # noqa: F401
