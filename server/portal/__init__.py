"""The portal and the game process (issue 25): the portal owns every listener and connection, the game process runs
the sessions, commands, tables and the store; a reload or a crash of the game process drops no one. The frames they
exchange are ``frames.py``'s (documented in docs/server.md)."""
