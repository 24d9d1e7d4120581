"""Help on New Cosmic Poker: the game, each term and each variation ('help <topic>'), and its paragraph under
'help table' (options and house bots)."""

from __future__ import annotations

from server.games.gametypes import Topic

COMMAND_HELP = {
    "table": """\
New Cosmic Poker (game=poker), 2 to 6 seats. Options as name=value:
start_lucre (10), bases_to_win (5), rates=mayfair|eon, bet_limit=pot|none|N,
max_raises (3), max_draw (3), max_meld (5), flip (0), wild=off|turned|V, and
the variations by name (tame, spit, pairs, combos, bet_or_drop, blind_openers,
blind_betting, showdown_straight, lowball, high_low, dealers_choice), and
replay_hands=showdown|all (all: the finished game's replay shows every hand,
for teaching). With others seated, a 'table set' waits until everyone types
the same. House bots ('help poker bots'): 'strong' (the default, also
'house'), 'threshold' and 'cautious'.""",
}

TOPICS = (
    Topic(("poker", "new cosmic poker", "cosmic poker"), """\
NEW COSMIC POKER: draw poker with a Cosmic Encounter challenge deck. Each
player starts with 10 Lucre and 20 tokens; the winner of a hand takes the Warp
(the pot) and a foreign base; the first to 5 bases wins. A hand: the dealer
deals; others declare 'in' (ante 2) or 'out'; a betting round ('check',
'open N' with openers, 'call', 'raise N', 'fold', 'tapout'); the draw
('draw 2 5'); a second round; the showdown ('meld 1 3 4' or 'meld auto').
'score' shows the table and your hand; 'rules' the options. Topics: meld,
monad, triad, tetrad, pentad, kicker, reinforcement, openers, pawn, tap out,
poker bots, and each variation by name."""),
    Topic(("poker bots", "poker house bots"), """\
POKER HOUSE BOTS, seated with 'table bot add [name] KIND' before the game:
strong (the default; 'house' is the same) imagines the cards it has not seen
many times over, weighing how each player has bet and drawn, and makes the
choice that most raises its chance of winning the game; threshold draws to
its best meld and bets, calls and raises by the meld's rank; cautious folds
weak hands to big bets. Each sees only what its seat sees. After a game,
'review <game>' weighs your decisions by the strong bot's estimates."""),
    Topic(("meld",), """\
MELD: 1 to 5 cards of your hand. Its rank is its number of challenge cards:
monad 1, triad 3, tetrad 4, pentad 5. A triad or more is all Compromise cards,
or Attack cards in sequence (values going up by one constant step, 0 too).
Kickers multiply and Reinforcements add to one Attack card each. Higher rank
wins; then higher strength (the highest mutated Attack value; Compromise
melds are weakest); equal melds: the first exposed."""),
    Topic(("monad",), "MONAD: one Attack card (strength its mutated value) or one Compromise card."),
    Topic(("triad",), "TRIAD: three Compromise cards, or three Attack cards in sequence (A14 A4 A9: triad 14)."),
    Topic(("tetrad",), "TETRAD: four Compromise cards, or four Attack cards in sequence (A-4 A0 A4 A8: tetrad 8)."),
    Topic(("pentad",), "PENTAD: five Compromise cards, or five Attack cards in sequence; beaten only by hexads."),
    Topic(("kicker",), "KICKER (Kx2, Kx3, Kx0, Kx-1): multiplies one Attack card in a meld; it never stands alone."),
    Topic(("reinforcement",), "REINFORCEMENT (R+2 to R+5): adds to one Attack card in a meld; never alone."),
    Topic(("openers",), """\
OPENERS: in the first betting round only a hand holding monad 15 or better
(mutation included; a Compromise triad too) may open. 'open N split CARDS
discard CARDS' shows such a meld and exchanges some of its cards."""),
    Topic(("pawn", "pawning"), """\
PAWN: to make a payment, name items first: 'pawn edict' (2 Lucre), 'pawn
flare' (3), 'pawn token' (a home token to the Warp, 2), 'pawn warptoken' (a
Warp token out of the game, 5); 'pawn clear' forgets them. Eon rates: 1, 2,
1, 3. For the ante, at most one token."""),
    Topic(("tap out", "tapout"), """\
TAP OUT: when your Lucre is short of a call and you hold a foreign base, put
in all your Lucre and lose a base; you call every bet free for the rest of the
hand, and win at most your share (the Warp just after your payment)."""),
    Topic(("wild card", "poker wild"), "WILD CARD (wild=V or wild=turned): every Attack card of value V stands for any Attack value."),
    Topic(("tame",), "TAME: Kickers and Reinforcements may not be melded."),
    Topic(("spit",), "SPIT: a turned Attack card counts as held by everyone this hand; every meld must use it."),
    Topic(("pairs",), "PAIRS: two equal cards rank between monad and triad."),
    Topic(("combos",), "COMBOS (needs pairs): two-pair between triad and tetrad, full house below pentad."),
    Topic(("bet_or_drop", "bet or drop"), "BET OR DROP: no checking; before an open, open or fold."),
    Topic(("blind_openers", "blind openers"), "BLIND OPENERS: no opening requirement, no splitting."),
    Topic(("blind_betting", "blind betting"), "BLIND BETTING: this hand's new cards stay hidden until round 1 ends."),
    Topic(("showdown_straight", "showdown straight"), "SHOWDOWN STRAIGHT: no first round and no draw."),
    Topic(("max_draw",), "MAX_DRAW N (3 to 7): up to N cards exchanged in the draw."),
    Topic(("flip", "card flip"), "FLIP N: after the top-ups each player in shows N challenge cards, kept in the meld."),
    Topic(("max_meld",), "MAX_MELD N (5 to 7): melds of up to N cards; hexad and heptad rank above pentad."),
    Topic(("lowball",), "LOWBALL: each exposes five challenge cards, read as their strongest meld; the weakest wins."),
    Topic(("high_low", "high low"), "HIGH_LOW: the strongest meld gains the base, the weakest takes the Lucre."),
    Topic(("dealers_choice", "dealer's choice"), "DEALER'S CHOICE: the dealer may switch on variations for one hand."),
    Topic(("replay_hands",), """\
REPLAY_HANDS: what 'replay' shows of a finished game's hands. showdown (the
default): only the melds exposed at showdowns, as a watcher saw them. all
(chosen before the game, for teaching): every hand dealt, every card
discarded and every meld picked."""),
)
