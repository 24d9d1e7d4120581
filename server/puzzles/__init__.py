"""Cosmic Wimpout alone against the solver: the daily challenge (ten turns on the day's dice, the same for everyone,
committed at 00:00 UTC and revealed the next day with the best line the dice allowed) and puzzles (decisions from
stored games that most players get wrong, graded by the solved tables, with a rating for players and puzzles). Each
command reads and saves what it needs through the store: nothing is held between commands, so a restart loses
nothing."""
