"""Help on Cosmic Wimpout itself, written for players: each topic has the names people ask by ('help sun', 'help flaming
sun', 'help ymnwtbym', 'help 1/3/5', 'help ntw') and a short text. Commands explain themselves (their docstrings);
these explain the rules."""

from __future__ import annotations

from rooms.wimpout.rulewords import option_list
from server.games.gametypes import Topic


COMMAND_HELP = {
    "table": """\
Cosmic Wimpout (game=wimpout). Options: goal=<points> (500),
lastlicks=official|single|A|B|C|D (official), and house rules by name (bump,
insurance, cosmic_sampler, ntw=3, suspend=10, kill=5, ...; a bare name
switches a rule on). 'hints=off' plays without 'hint'. House bots: 'cautious' stops as soon as
it may, 'threshold N [K]' throws on while its turn is under N points and K or
more cubes are live, 'optimal' plays by the solved tables of the game (exact
with two players; see 'help hint').""",
    "hint": """\
Cosmic Wimpout: the things you may do are roll, stop, each way the sun can
score and each pair it can join. Exact for two players under the rules the
solution covers; otherwise marked as an estimate. A table can play without
hints: 'table set hints=off' before the game.""",
}
"""What Cosmic Wimpout adds to generic commands' help: its options and house bots under 'help table', what its
hints read under 'help hint'."""

TOPICS: tuple[Topic, ...] = (
    Topic(("how to play", "game", "basics", "rules of play", "cosmic wimpout", "wimpout game", "start here"), """\
HOW TO PLAY: on your turn you throw five cubes. Cubes that score are set
aside and their points go to your turn total; you may then stop and bank the
total, or throw the cubes that did not score to get more. A throw where
nothing scores is a WIMPOUT: the turn's points are lost. The first player to
reach the goal (500, or what the table set) starts LAST LICKS: everyone else
gets one last turn to pass them.
To find a game: 'tables' lists the tables open and 'sit 1' joins table 1;
'table open' opens your own, 'table bot add' seats a house bot to play
against, and 'start' begins the game.
At a table: 'roll' (or 'r') throws, 'stop' (or 's') banks. After each throw
you are told what you may do. 'score' shows the board, 'rules' the rules.
More: help cubes, scoring, flash, sun, freight train, wimpout, opening roll,
ymnwtbym, futtless, reroll clause, last licks, guiding light, house rules.
Play a practice game against a house bot with 'tutorial'."""),
    Topic(("cubes", "dice", "cube", "faces", "sun cube", "black cube", "moons", "swirls", "triangles", "bolts",
           "stars"), """\
THE CUBES: four common cubes show 2, 3, 4, 5, 6 and 10. The fifth, the sun
cube (another colour), shows 2, 4, 5, 6, 10 and the FLAMING SUN in place of
the 3. Players call the 2s swirls or moons, the 3s triangles, the 4s bolts and
the 6s stars. On screen the sun cube is [s4], [s10]...; the Flaming Sun
itself is [sun]. 'help sun' explains the Flaming Sun."""),
    Topic(("scoring", "points", "score points", "numbers", "5s", "10s", "fives", "tens"), """\
SCORING: only cubes thrown together combine. In order:
- five of a face at once: a freight train ('help freight train');
- three of a face at once: a flash ('help flash');
- every other 5 scores 5 and every other 10 scores 10;
- the Flaming Sun is wild ('help sun').
Everything else (2s, 3s, 4s, 6s not in a flash) does not score. A throw with
nothing that scores is a wimpout ('help wimpout')."""),
    Topic(("flash", "flashes", "three of a kind", "triple"), """\
A FLASH is three cubes of one face in one throw: 2s score 20, 3s 30, 4s 40,
5s 50, 6s 60 and 10s 100. A fourth cube of that face does not score (four 4s
and a 5 make 45). After a flash you must CLEAR it before you may stop: see
'help futtless' and 'help reroll clause'."""),
    Topic(("flaming sun", "sun", "the sun", "wild", "flaming sun rule", "wild sun"), """\
THE FLAMING SUN is wild. Thrown with a pair, it MUST complete that pair into a
flash (the Flaming Sun Rule); with two pairs you choose which ('flash 4').
Otherwise it may score as a 5 or a 10, or be left unscored and thrown again
('keep sun 10', 'keep sun 5', 'reroll sun'): you are asked when it matters. It
must score when it is the only scoring cube. It is never a 3 of its own, and
it does not complete a freight train."""),
    Topic(("freight train", "freight", "train", "five of a kind", "instant winner", "instant win", "sixes"), """\
A FREIGHT TRAIN is all five cubes showing one face in one throw: 2s score 200,
4s 400, 5s 500. Five 6s win the game at once (INSTANT WINNER), even in Last
Licks. Five 10s are a SUPERNOVA: the thrower is out ('help supernova'). There
is no freight train of 3s: the sun cube has no 3."""),
    Topic(("supernova", "nova", "five 10s", "five tens"), """\
SUPERNOVA: five 10s in one throw. Too many points: the thrower is out of the
game at once, and play goes on without them."""),
    Topic(("wimpout", "wimp out", "wimp", "wimped out"), """\
WIMPOUT: a throw with nothing that scores. Your turn ends and you lose every
point of that turn (your banked score is safe). While clearing a flash, a
throw that shows the flash's face is not a wimpout: it is thrown again ('help
reroll clause'). A wimpout throwing all five cubes is a Train Wreck ('help
train wreck')."""),
    Topic(("train wreck", "wreck", "trainwreck", "train wrecks"), """\
TRAIN WRECK: a wimpout while throwing all five cubes. It counts like any
wimpout, but it is also tallied: with the house rules (n)TW or Recovery it can
put you out ('help ntw', 'help recovery')."""),
    Topic(("opening roll", "opening", "35", "getting in", "get in", "in the game", "opening minimum"), """\
THE OPENING ROLL: until you are in the game you may not stop before your turn
has 35 points (the table may set another number). Bank 35 or more once and
you are in, for good. The board shows who is in."""),
    Topic(("ymnwtbym", "you may not want to but you must", "all five", "must throw all five",
           "throw all five", "five scoring cubes"), """\
YOU MAY NOT WANT TO, BUT YOU MUST (YMNWTBYM): when all five cubes have scored
(over one or several throws), you must throw all five again. Your turn total
stays with you, and you may stop once that new throw scores."""),
    Topic(("futtless rule", "futtless", "clearing", "clear", "clear a flash", "clearing a flash"), """\
THE FUTTLESS RULE: after a flash you must keep throwing the cubes that did not
score (all five if none are left) until the flash is CLEARED: a throw with no
cube of the flash's face that scores clears it, and its points are yours to
bank. A throw with nothing scoring is a wimpout. A throw showing the flash's
face does not count at all ('help reroll clause'). A new flash thrown while
clearing must be cleared too. The prompt shows 'clearing 4s' meanwhile."""),
    Topic(("reroll clause", "reroll", "void", "voided", "void throw"), """\
THE REROLL CLAUSE: while you clear a flash, a throw in which any cube shows
the flash's face does not count, good or bad: all the cubes just thrown are
thrown again. (The sun never counts as that face; clearing 10s a lone sun
scores 5, clearing 5s it scores 10.)"""),
    Topic(("last licks", "lastlicks", "last lick", "ll", "last licks official", "official"), """\
LAST LICKS: once a player reaches the goal, everyone else gets one last turn
to pass their score (strictly more). The table's variant decides the rest:
- official: anyone who fails is out; whenever the leader is passed, the old
  leader gets a lick back against the new one, until no one can pass.
- single: everyone gets one last turn; then the highest score wins (a tie
  goes to whoever reached it first).
- A, B, C, D: the Guide's variants ('help last licks a' ... 'help last licks d').
On your lick you are told how many points you still need."""),
    Topic(("last licks a", "variant a", "lastlicks a"), """\
LAST LICKS, VARIANT A (the Guide's): the others challenge the leader one at a
time. A challenger who fails is out; one who passes starts a one-on-one
battle with the old leader, turn about, until one of them fails and is out.
Then the next challenger tries the leader, until only one player remains."""),
    Topic(("last licks b", "variant b", "lastlicks b"), """\
LAST LICKS, VARIANT B (the Guide's): in seating order, each next player tries
to beat the leader. A player who fails is out. A player who passes becomes the
leader the following players must beat; the old leader is not affected at
once: their lick against the new leader comes when their seat comes round."""),
    Topic(("last licks c", "variant c", "lastlicks c"), """\
LAST LICKS, VARIANT C (the Guide's): everyone tries to beat the leader's
score; those who fail are out, those who pass stay in. The best new score
becomes the target for everyone still in (the old leader too), round after
round, until nobody beats the leader: that leader wins."""),
    Topic(("last licks d", "variant d", "lastlicks d"), """\
LAST LICKS, VARIANT D (the Guide's): as variant B, but a leader who is passed
is out of the game at once: no second chance."""),
    Topic(("guiding light", "proposals", "proposal", "vote", "voting", "honour rules", "honor rules",
           "honour rule"), """\
THE GUIDING LIGHT: the table can change its rules, before or during a game.
Anyone seated may 'propose bump' (a rule on), 'propose goal 300', or an
honour rule in quotes ('propose "no dice off the table"'). Your own yes is
counted; every other player still in (before the start: everyone seated,
whoever sits down later too) must 'vote yes'; one 'vote no' defeats it. It
starts with the next turn (at once before the game's first throw). Not
agreed by the end of the proposer's next turn, it expires; at the start of
the game, it lapses. With others seated, 'table set' proposes too. House
bots vote yes at once. 'rules' shows who has voted."""),
    Topic(("house rules", "house rule", "options", "table options"), """\
HOUSE RULES are switched on when a table is opened ('table open bump ntw=3')
or later by the Guiding Light. Each has its topic: help bump, insurance,
cosmic sampler, 1/3/5, ntw, recovery, eclipse, full house, suspend, kill.
'rules' at a table explains every rule it plays, one line each. The options
(name=value, or the name alone to switch a rule on; the names above work too):
""" + option_list()),
    Topic(("bump", "bumped", "bumping"), """\
BUMP (house rule 'bump'): bank a score exactly equal to another player's and
they go back to the score you had when your turn began."""),
    Topic(("insurance", "insurance points", "ip", "ips"), """\
INSURANCE POINTS (house rule 'insurance'): a throw of all five cubes that
scores with all five earns one point (not a Sampler or other special). Later,
when a throw lands, you may 'spend 2' to cancel your own throw, or 'spend 4
<player>' to cancel someone else's; 'pass' lets it stand. Not in the turn you
earned them, not in Last Licks. They survive a wimpout."""),
    Topic(("cosmic sampler", "sampler", "cosmic"), """\
COSMIC SAMPLER (house rule 'cosmic_sampler'): one throw of five showing a 5 or
10 and one each of 2, 3, 4 and 6 (the sun may stand for the 3, or for the 5 or
10) scores 50 and uses all five cubes, so you must throw all five again. Never
while clearing a flash."""),
    Topic(("1/3/5", "135", "one three five", "one_three_five", "1 3 5"), """\
1/3/5 (house rule 'one_three_five'): 100, 300 and 500 count as the same score
whenever two players' scores are compared, so with Bump landing on 300 bumps a
player on 100."""),
    Topic(("ntw", "(n)tw", "n train wrecks", "train wreck limit"), """\
(n)TW (house rule 'ntw=3'): n Train Wrecks in one game and you are out. Not
recommended together with Recovery."""),
    Topic(("recovery", "circles", "circle", "recovery extension 1", "recovery extension 2", "extension 1",
           "extension 2", "recovery_ext1", "recovery_ext2"), """\
RECOVERY (house rule 'recovery'): each Train Wreck opens a circle beside your
name; each later turn of 35 points or more closes one. Extension 1
('recovery_ext1'): four open circles or seven Train Wrecks and you are out.
Extension 2 ('recovery_ext2'): anyone with an open circle when Last Licks
would begin is out."""),
    Topic(("eclipse", "beam", "eclipsed"), """\
ECLIPSE (house rule 'eclipse=1' or 'eclipse=2'; never with Bump): variant 1, a
score another player holds is off limits: you must keep throwing rather than
stop on it. Variant 2 also closes the scores below it on its beam of the
board (scores 200 apart by default); stop up the beam from someone (420 over
their 220) and they drop 5 points, and again while still eclipsed."""),
    Topic(("full house",), """\
FULL HOUSE (house rule 'full_house'): two pairs and the Flaming Sun score
both flashes at once, both to be cleared; it earns an Insurance Point, and
brings Suspend 10 with it."""),
    Topic(("suspend", "suspended"), """\
SUSPEND (house rule 'suspend=10'): a flash not cleared within that many throws
suspends your turn; it goes on where it stopped when play comes back to you."""),
    Topic(("kill", "killed"), """\
KILL (house rule 'kill=5'): a flash not cleared within that many throws is a
wimpout."""),
    Topic(("house bots", "bots", "bot", "robby"), """\
HOUSE BOTS are computer players seated with 'table bot add' before a game
starts. They play by the same rules, see what you see, vote yes at once on
every proposal, and stand up when the last person does. 'table pace 2' makes
them wait 2 seconds before each throw. A game with no person left is closed
and recorded as abandoned."""),
)
