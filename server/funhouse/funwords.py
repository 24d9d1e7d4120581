"""Every fixed text of the Funhouse wing: messages, and the help topic of each room (FUNHOUSE-RULES.md in short)."""

from __future__ import annotations

TITLES = {
    "slide-jam": "Slide Jam", "magic-mirror": "Magic Mirror", "catwalk": "Catwalk",
    "barrels": "Roll Out the Barrels", "whack-a-dummy": "Whack-a-Dummy", "trampo-land": "Trampo-Land",
}
STACK_NAMES = {"T": "Twins", "C": "Cousins", "D": "Distant", "S": "Strangers"}
"""Catwalk's four stacks by the letter 'lay' names them with."""
NO_RUN = "You have no Funhouse run under way: 'funhouse' starts one ('help funhouse')."
SEATED = "You are sitting at table {number}: your Funhouse run waits until you 'leave' it."
STARTED = "A Funhouse run begins (run #{run}){what}. Type your moves after 'fh'; 'fh stop' ends a room."
DAILY = ", the daily layout of {day}"
ALONE = ", {title} alone"
RESUMED = "Your Funhouse run #{run} goes on where it was."
UNDER_WAY = "Your run #{run} is under way (shown below); 'funhouse new' starts another, leaving it unfinished."
YOU_MAY = "You may: {moves}"
YOU_MAY_EACH = "You may: {moves}, each then {then}; or stop"
YOU_MAY_CHOICES = "You may: {moves}, stop (a|b: a or b; 1-9: any of 1 to 9)"
MANY_MOVES = "You may: {moves} ... ({count} moves in all; 'fh moves' lists them)"
ROOM_SCORED = "{title}: you scored {score}. The best this setup allowed: {best}."
ROOM_STOPPED_AT_ONCE = "{title}: you scored {score}, stopped before any move (no best is searched for it)."
ROOM_NOT_SEARCHED = "{title}: you scored {score}. Its best is not searched: your earlier rooms' searches still run."
BEST_EXACT = "{score}"
BEST_CUT = {
    "budget": "at most {score} (the best found within the search's budget, not proved)",
    "quota": "at most {score} (the best found in a short search: your long searches this hour are used up)",
}
"""A best cut short, by why (``server.funhouse.funsearch.Cut``)."""
BEST_EXPECTED = "{score:.2f} expected (its corner rolls are chance)"
RUN_OVER = "The run is over: {scores}; total {total} (0 is perfect)."
NO_SUCH_ROOM = "There is no room '{name}': {rooms}."
WATCHED = "{who}'s Funhouse board:"
NO_RUNS = "{name} has no Funhouse runs."
NO_SUCH_RUN = "There is no Funhouse run #{run}."
NO_TOP = "No finished Funhouse runs{what} yet."
HISTORY_HEAD = "Funhouse runs of {name}:"
TOP_HEAD = "The best Funhouse runs{what} (lowest total first):"
TOP_DAILY = " on the daily layout of {day}"
UNFINISHED = "unfinished"
RUN_DICE = ("dice: sha256 {commitment} (your seed {seed!r}{made}). When the run ends its server seed is shown:"
            " 'funhouse verify {run}' checks every draw.")
MADE = ", made for this run: '@set dice-seed TEXT' chooses your own"
DAILY_DICE = ("dice: sha256 {commitment}: the day's secret seed, the same for everyone, revealed at 00:00 UTC when"
              " the day's board closes.")
DAILY_REVEALED = "The daily of {day}: its seed was {seed} (sha256 {commitment}): 'funhouse verify <run>' checks a run."
RUN_REVEALED = "dice: server seed {seed} (sha256 {commitment}): 'funhouse verify {run}' checks every draw."
DAILY_CLOSED = ("The daily of {day} closed at 00:00 UTC, its seed revealed: its board is final and this run stays as"
                " it was. 'funhouse daily' plays today's.")
DAILY_HIDDEN = "{player}'s moves on the daily layout of {day} are hidden until its seed is revealed at 00:00 UTC."
NOT_REVEALED = "Run #{run} cannot be checked yet: its seed is revealed {when}."
WHEN_RUN = "when the run ends"
WHEN_DAILY = "at 00:00 UTC after its day"

ROOM_HELP = {
    "slide-jam": """Slide Jam, room 1. The 24 tiles fill a 4x6 grid (columns a-d, rows 1-6).
A family is three tiles whose values follow on the cycle 0-1-2-3-4-5-0, suits
ignored; the middle value touches both others (orthogonally or diagonally).
  fh take <cell> <cell> <cell> L|R up|down|left|right
puts the family on stack L or R, then every row (or column) slides to that edge.
Ends when no family is left. Score: the values left; unequal stacks give back
their cheapest families. Perfect: 0.""",
    "magic-mirror": """Magic Mirror, room 2. 'fh top L' (or R) deals that stack into the upper grid
U1-U3, the other into L1-L3; the mirror runs between U3 and L1.
  fh pair u<col> l<col>
takes the front tiles of an upper and a lower column totalling 5 (0+5, 1+4,
2+3). Same suit: Twins, 0 points; neighbouring suits (S-C, C-A, A-M, M-S):
Cousins, 1; opposite: Distant, 2. Each tile left on one side: 3.""",
    "catwalk": """Catwalk, room 3. 'fh lay TCDS' lays the track from the stacks in that order
(T Twins, C Cousins, D Distant, S Strangers). 'fh coins <suit>' picks the six
coins to flick, 'fh start first|last' the end. 'fh flick <coin> <k>' aims k
tiles on, 'fh flick <coin> end' off the end; at each corner (+) on the way a
0 or 1 on the die and the coin falls there. Score: coin x tile per fall, +10
if all six fell.""",
    "barrels": """Roll Out the Barrels, room 4. Roll the die from a1 to d6 over the coin maze.
'fh start <top> <north>' sets the die on a1; 'fh tip n|e|s|w' tips it onto a
coin equal to its top face (or any coin with 0 on top, or onto a 0 coin).
'fh restart' as often as you like. Reaching d6 scores 0; 'fh stop' scores 2
per step from d6 to the nearest cell the die reached.""",
    "whack-a-dummy": """Whack-a-Dummy, room 5. The maze turns face-down: remember it. 'fh start b3'
(or c3, b4, c4) places the die; 'fh go n|e|s|w' walks 1 from a face-down
coin or jumps the value of a face-up one (the board wraps), flipping the coin
landed on. Activate the corners in order a1, d1, d6, a6; a corner out of
sequence costs 10. 'fh stop' gives up: 15 + penalties.""",
    "trampo-land": """Trampo-Land, room 6. Fifteen trampolines in a triangle: you (Y), the adults
(P) and the kids (k). 'fh jump <from> <to>' jumps a touching piece into the
empty place beyond it (kids jump kids, adults never jump you); 'fh walk <from>
<to>' steps an adult (or you) to a touching empty place, not the one that
walked last. Score: 4 per kid left, 1 per adult. Perfect: 0.""",
}
"""'help slide jam', 'help catwalk', ...: a topic per room (server.games.helptopics)."""

NO_SUCH_OPTION = "'{word}' is not a Funhouse option: {options} ('help funhouse')."
BAD_OPTION = "{name} is {values}."
DAILY_RULES = "The daily run keeps the rules' defaults, so that everyone's scores compare: {name} cannot change there."
WITH_OPTIONS = " ({options})"
