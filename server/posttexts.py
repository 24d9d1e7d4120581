"""What players are told of play across days (issue 38): correspondence tables, 'games' and 'next', vacations,
friends and challenges. Beside ``server.texts`` (which is full), in the same manner: one place for each message."""

from __future__ import annotations

PACE_USAGE = "A table's pace is 'pace=live' (the turn timer) or 'pace=correspondence' (days a move)."
DAYS_LIVE = "'days=N' is for a correspondence table: 'table open pace=correspondence days=3'."
DAYS_USAGE = "A correspondence table gives 1 to {most} days a move: 'days=3'."
OPENED_POST = ("Table {number} is a correspondence table: {days} a move, and it waits for its players however long "
               "they are away. 'games' lists your correspondence games.")
SEATED_LIVE = "You are sitting at table {number}: 'leave' it first (one live table at a time; correspondence tables aside)."
TOO_MANY = "You sit at {count} correspondence tables already, the most one may: finish one first."
WHICH = ("You sit at tables {numbers}: say which, as '{verb} @{first}', or 'play {first}' to make it your current "
         "table.")
NOT_SEATED_AT = "You are not sitting at table {number}."
CURRENT = "Table {number} is your current table: your moves go there."
DEADLINE_MISSED = "{name} let the deadline at table {number} pass: the table moved for them ({move})."
DEADLINE_MISSED_NOTICE = "You let the deadline at table {number} ({game}) pass: the table moved for you ({move})."
LAPSED = ("{name} has missed {count} deadlines in a row at table {number}: the others may 'remove {name}' (it counts as "
          "a loss for them).")
YOUR_MOVE_AT = "It is your move at {tables}."
NO_MOVE_WAITING = "No table waits on your move now."
NO_GAMES = "You sit at no correspondence table: 'table open pace=correspondence' opens one."
GAMES_HEAD = "Your correspondence games:"
GAMES_ROW = "  {number:>3}  {game:<14} {players:<20} {whose:<11} {left:<12} {last}"
GAMES_COLUMNS = GAMES_ROW.format(number="#", game="game", players="players", whose="to move", left="deadline",
                                 last="last move")
YOU = "you"
NOBODY = "-"
NOT_STARTED = "not started"
FROZEN = "{left} (frozen)"
AGO = "{time} ago"
ON_VACATION_UNTIL = "{name} is on vacation until {until}."
CLOCK_USAGE = "@clock +N[s|m|h|d]: move the server's clock forward (a server started with adjustable_clock only)."
CLOCK_FIXED = "This server's clock is the system's: only a server started with adjustable_clock lets it be moved."
CLOCK_MOVED = "The server's clock moved forward {time}: it reads {now}."
VACATION_ON = "You are on vacation until {until}: your deadlines are frozen at every correspondence table."
VACATION_OFF = "Your vacation is over: your deadlines run again ({used} of your {days} days this year used)."
VACATION_NONE_LEFT = "You have no vacation left this year ({days} days, all used)."
VACATION_ALREADY = "You are on vacation already, until {until}."
VACATION_NOT = "You are not on vacation."
VACATION_STATE = "You are not on vacation: {left} of your {days} days this year left. 'vacation on' takes them."
VACATION_USAGE = "vacation on|off"
VACATION_ENDED = "Your vacation ended: your deadlines run again."
IN_CORRESPONDENCE = "{game}, correspondence"
