"""Reaching players away from the game (issue 39): the notices a player away is owed (notice, notifier), the summary
at their next login (awaysummary), and the queue that sends them as mail and web pushes (outbox, emails, pushkeys),
with the codes that confirm an address (codes)."""
