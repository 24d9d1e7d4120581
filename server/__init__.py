"""The MUCK server: telnet transport, accounts, commands, persistence."""
