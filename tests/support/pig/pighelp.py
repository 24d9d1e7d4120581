"""Help on Pig: its topic ('help pig') and what it adds to the help of 'table'."""

from __future__ import annotations

from server.games.gametypes import Topic

COMMAND_HELP = {"table": "Pig (game=pig). Options: goal=<points> (20). No house bots."}
TOPICS = (Topic(("pig", "pig game"), "PIG: roll a die; a 1 loses the turn, 'hold' banks it. First to 20 wins."),)
