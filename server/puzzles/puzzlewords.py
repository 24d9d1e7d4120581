"""What the daily challenge and puzzles say, in one place."""

from __future__ import annotations

NOT_A_DAY = "'{word}' is not a day: type a date as 2026-11-28, or 'yesterday'."
ONE_A_DAY = "You have played the daily challenge of {day} already: one attempt a day. 'daily' shows it."
CLOSED = "The daily challenge of {day} is closed: its seed is revealed, and its board final ('daily top {day}')."
NOT_STARTED = ("Daily challenge {day}: the most points in {turns} turns, on dice the same for everyone. Type"
               " 'daily start' to play your one attempt of the day.")
COMMITTED = "The day's dice: sha256 {commitment} (its seed is revealed at 00:00 UTC, with the best line)."
STATUS = "Daily challenge {day}, turn {turn} of {turns}: score {score}{turn_points}."
IN_TURN = ", {points} in this turn, {cubes} cube(s) live"
FINISHED = "Your daily challenge of {day} is over: {score} points. 'daily top' shows the day's board."
YOU_MAY = "You may: {moves} (type them after 'daily', e.g. 'daily {first}')."
THROWN = "You throw: {throw}"
DAILY_EVENTS = {
    "TurnStarted": "--- a new turn ---",
    "Scored": "That scores {e.scoring.points}: {e.turn_points} in this turn.",
    "FlashMade": "A flash of {e.face.label}s: clear it before you may stop.",
    "MustThrowAll": "All five cubes scored: you must throw them all again.",
    "Voided": "That matches the flash being cleared: those cubes are thrown again.",
    "ChoiceOffered": "Choose how this throw scores.",
    "WimpedOut": "Wimpout: the turn's {e.points_lost} points are lost.",
    "Banked": "You bank {e.points}: your score is {e.score}.",
    "GameOver": "The game is over.",
}
"""The daily's events as the player reads them, by the event's name (those not here are not told)."""
NOT_A_MOVE = "'{line}' is not a move of your daily challenge. {moves}"
NO_CHALLENGE = "You have no daily challenge under way today: 'daily start' begins it."
SEATED = "You sit at table {number}: one game at a time. Stand up ('leave') to play the daily challenge."
NO_BOARD = "Nobody has played the daily challenge of {day}."
BOARD_HEAD = "Daily challenge {day}{closed}:"
BOARD_CLOSED = " (closed)"
BOARD_LINE = "  {rank:>2}. {player:<16} {score:>5}{unfinished}"
UNFINISHED = "  (unfinished)"
NOT_REVEALED = ("The daily challenge of {day} is not revealed yet: its seed, the best line and the players' moves are"
                " shown at 00:00 UTC after the day.")
REVEALED = "Daily challenge {day}: its seed was {seed} (sha256 {commitment})."
NO_PLAY = "{player} has not played the daily challenge of {day}."
REPLAY_HEAD = "{player}'s daily challenge of {day}: {score} points{unfinished}."
BEST_LINE = "The best possible line{exact}: {score} points."
NOT_EXACT = " (the search was cut short: the best line found)"
BEST_TURN = "  Turn {turn}: {moves}: {points}"

NO_PUZZLES = "There is no puzzle for you now: every one here is solved, and no stored game gives new ones yet."
PUZZLE_HEAD = "Puzzle #{id} (rating {rating:.0f}; yours {yours:.0f}), from {source}. Goal {goal}."
PUZZLE_SCORES = "You have {score}, your opponent {opponent}."
PUZZLE_TURN = "This turn: {points} points, {cubes} cube(s) live{flash}. Your last throw: {throw}."
PUZZLE_FLASH = ", clearing a flash of {face}s"
PUZZLE_ASK = "What is best? {choices} (answer with 'puzzle <choice>', e.g. 'puzzle {first}')."
NOT_A_CHOICE = "'{answer}' is not one of the choices: {choices}."
NO_CURRENT = "You have no puzzle waiting: 'puzzle' shows the next one."
RIGHT = "Right: '{best}' is best."
WRONG = "Not so: '{best}' is best, and '{answer}' gives up {cost:.1f} points of winning chance."
CHANCES = "Chances of winning after each choice (by the solved tables): {chances}."
RATED = "Your puzzle rating: {before:.0f} -> {after:.0f}; the puzzle's: {puzzle:.0f}."
NO_TOP = "Nobody has solved a puzzle yet."
TOP_HEAD = "Puzzle ratings:"
TOP_LINE = "  {rank:>2}. {player:<16} {rating:>5.0f}  {solved} of {played} solved"
AT_RATED_TABLE = ("Not while your rated game at table {number} is on: puzzles show the solver's chances. After it,"
                  " or at an unrated table.")
BUILDING = "Finding puzzles in the stored games ..."
NO_TABLES = "The solved tables are not ready yet (they are read or solved now): ask again in a moment."
