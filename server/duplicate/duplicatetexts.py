"""What a duplicate event says (each message in one place)."""

from __future__ import annotations

OPENED = ("{by} opens event {number}, a duplicate event of {rounds} rounds{bots}: 'event join' to enter; each round's"
          " tables are drawn as a Swiss event's, and the tables of a round with as many seats throw the same dice: you"
          " score matchpoints against the players in your seat at the others (a wizard's 'event start {number}' begins"
          " it).")
SEALED = "its server seed is revealed when round {round} of event {event} is over (the same dice are thrown at the" \
         " other tables of its group)"
ROUND_SEATED = "Event {number}, round {round}: {tables} tables in {groups} groups on shared dice."
YOUR_GROUP = "Event {number}, round {round}: your table is in a group of {tables} tables of {seats} (games {games})," \
             " all on the same dice: equal decisions give equal games."
RESULTS = "Event {number}, round {round}, tables of {seats} (dice sha256 {commitment}):"
RESULT_SEAT = "  Seat {seat}:"
RESULT_ROW = "    {name:<16} table {table:<3} {outcome:<4} {score:>5}  {points:>3} of {top} matchpoints ({percent:.0f}%)"
RESULT_ABANDONED = "    {name:<16} table {table:<3} abandoned: not compared"
WON, LOST = "won", ""
REVEALED = "Event {number}, round {round} is over: its dice are revealed, server seed {seed} (sha256 {commitment})" \
           " for games {games}: 'verify GAME' checks every throw."
BEING_PLAYED = "Event {number}, round {round} is being played: its results come when its last table is over."
