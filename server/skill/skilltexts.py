"""What players read of luck and skill beside ratings (the rest of the server's words: server.words.texts)."""

CHANCES_FIRST_TURN = "Table {number}, predicted chances of winning: {chances} ({first} has the first turn)."
"""The chances at a rated game's start with the first turn's worth counted (server.skill.firstturn)."""
SKILL_LINE = ("    skill {accuracy:.1f}% (decision accuracy against the solver, {decisions} decisions), luck {luck:+.1f}"
              " points of winning chance a game from the dice: the last {games} judged game{s}")
"""Under a rating: its player's last rated games judged (server.skill.skillindex)."""
