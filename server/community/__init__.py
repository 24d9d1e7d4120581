"""The people of the server: who is on (presence), names and passwords, invitations, and what wizards do to keep the
peace (sanctions, holds, address bans), with the words no player may take as a name (ownwords)."""
