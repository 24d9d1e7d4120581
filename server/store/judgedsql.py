"""Issue 40's SQL, the same in both backends: the table of each rated game's judgement (a migration each backend
runs) and the statements on it (the records in ``server.store.judged``)."""

from __future__ import annotations

JUDGED_SCHEMA = """
CREATE TABLE judged_games (
    game {id} NOT NULL,
    player {text} {nocase} NOT NULL,
    decisions integer NOT NULL,
    accuracy {real} NOT NULL,
    dice {real} NOT NULL,
    PRIMARY KEY (game, player)
);
CREATE INDEX judged_games_player ON judged_games (player)
"""
"""Issue 40's migration (formatted for each dialect): a rated game's judgement, a row a player (``game`` is the
game's id; its type and pace are the game's own)."""
SAVE_JUDGED = (
    "INSERT INTO judged_games (game, player, decisions, accuracy, dice) VALUES (?, ?, ?, ?, ?)"
    " ON CONFLICT (game, player) DO NOTHING"
)
LAST_JUDGED = (
    "SELECT j.decisions, j.accuracy, j.dice FROM judged_games j JOIN games g ON g.id = j.game"
    " WHERE j.player = ? AND g.game = ?"
    " AND CASE WHEN g.correspondence IS NULL THEN 'live' ELSE 'correspondence' END = ?"
    " ORDER BY j.game DESC LIMIT ?"
)
"""A player's newest judged games of a game type in one pool (as ``sharedsql.GAME_RATED`` tells a game's pool)."""
