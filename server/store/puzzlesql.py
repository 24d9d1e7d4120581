"""The SQL of Cosmic Wimpout's daily challenge and puzzles (server.puzzles), which SQLite and PostgreSQL both run as
written; the schema is formatted with each dialect's identity, real and case-blind text types."""

PUZZLES_SCHEMA = """
CREATE TABLE daily_plays (
    day TEXT NOT NULL,
    player TEXT NOT NULL {nocase},
    events TEXT NOT NULL,
    score INTEGER NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    started_at {real} NOT NULL,
    PRIMARY KEY (day, player)
);
CREATE TABLE puzzles (
    id {identity},
    key TEXT NOT NULL UNIQUE,
    source TEXT NOT NULL,
    position TEXT NOT NULL,
    choices TEXT NOT NULL,
    rating {real} NOT NULL,
    plays INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE puzzle_scans (game INTEGER PRIMARY KEY);
CREATE TABLE puzzle_solvers (
    player TEXT PRIMARY KEY {nocase},
    rating {real} NOT NULL,
    played INTEGER NOT NULL,
    solved INTEGER NOT NULL,
    current INTEGER
);
CREATE TABLE puzzle_attempts (
    player TEXT NOT NULL {nocase},
    puzzle INTEGER NOT NULL,
    answer TEXT NOT NULL,
    solved INTEGER NOT NULL,
    at {real} NOT NULL,
    PRIMARY KEY (player, puzzle)
)
"""

DAILY_PLAY = "SELECT events, score, finished FROM daily_plays WHERE day = ? AND player = ?"
BEGIN_DAILY = ("INSERT INTO daily_plays (day, player, events, score, finished, started_at) VALUES (?, ?, ?, 0, 0, ?)"
               " ON CONFLICT (day, player) DO NOTHING")
SAVE_DAILY = "UPDATE daily_plays SET events = ?, score = ?, finished = ? WHERE day = ? AND player = ?"
DAILY_BOARD = ("SELECT player, score, finished FROM daily_plays WHERE day = ?"
               " ORDER BY finished DESC, score DESC, started_at LIMIT ?")

ADD_PUZZLE = ("INSERT INTO puzzles (key, source, position, choices, rating) VALUES (?, ?, ?, ?, ?)"
              " ON CONFLICT (key) DO NOTHING")
SCANNED = "INSERT INTO puzzle_scans VALUES (?) ON CONFLICT (game) DO NOTHING"
IS_SCANNED = "SELECT 1 FROM puzzle_scans WHERE game = ?"
PUZZLE_COUNT = "SELECT COUNT(*) FROM puzzles WHERE source <> ?"
PUZZLE = "SELECT id, source, position, choices, rating, plays FROM puzzles WHERE id = ?"
NEXT_PUZZLE = ("SELECT id FROM puzzles WHERE id NOT IN (SELECT puzzle FROM puzzle_attempts WHERE player = ?)"
               " ORDER BY source = ?, ABS(rating - ?), id LIMIT 1")
SOLVER = "SELECT rating, played, solved, current FROM puzzle_solvers WHERE player = ?"
SET_CURRENT = ("INSERT INTO puzzle_solvers (player, rating, played, solved, current) VALUES (?, ?, 0, 0, ?)"
               " ON CONFLICT (player) DO UPDATE SET current = excluded.current")
ATTEMPT = "INSERT INTO puzzle_attempts VALUES (?, ?, ?, ?, ?) ON CONFLICT (player, puzzle) DO NOTHING"
RATE_SOLVER = ("UPDATE puzzle_solvers SET rating = ?, played = played + 1, solved = solved + ?, current = NULL"
               " WHERE player = ?")
RATE_PUZZLE = "UPDATE puzzles SET rating = ?, plays = plays + 1 WHERE id = ?"
PUZZLE_TOP = "SELECT player, rating, played, solved FROM puzzle_solvers WHERE played > 0 ORDER BY rating DESC LIMIT ?"
GAME_BOTS = "SELECT player FROM results WHERE game = ? AND bot <> 0"

COPIED = (
    ("daily_plays", "day, player, events, score, finished, started_at", "day, player"),
    ("puzzles", "id, key, source, position, choices, rating, plays", "id"),
    ("puzzle_scans", "game", "game"),
    ("puzzle_solvers", "player, rating, played, solved, current", "player"),
    ("puzzle_attempts", "player, puzzle, answer, solved, at", "player, puzzle"),
)
"""The tables as ``cosmic-wimpout store copy`` carries them (``sharedsql.TABLES``)."""
BY_NAME = (("daily_plays", "player"), ("puzzle_solvers", "player"), ("puzzle_attempts", "player"))
"""Where these tables keep a player's name (``sharedsql.BY_NAME``: a rename changes it; an account deleted takes
its daily challenges and puzzle record with it, as its solitaire runs)."""
