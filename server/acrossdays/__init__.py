"""Play across days (issue 38): correspondence tables and their deadlines (correspondence, deadlines), a player's list
of such games (gameslist), vacations, challenges, the clock that counts the days (timesource) and what players are
told of it all (posttexts)."""
