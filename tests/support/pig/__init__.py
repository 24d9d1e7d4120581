"""Pig, a minimal second game, built on the game seam from the test tree alone: players take turns; 'roll' a die
(a 1 ends the turn with nothing, 2-6 add to the turn total), 'hold' banks the turn total; the first to the goal (20)
wins. Its three layers, as a real game would have them in engine/pig/, rooms/pig/ and server/pig/:

- rules (pure): events, the match as their fold, legal moves and why not;
- the table adapter (rooms.gameplay.TablePlay) for the generic table;
- the game type (server.games.gametypes.GameType): tables, storage, words, wire state and the turn verbs.

Its folder holds what a new game supplies, a module each: the rules (pigrules), the table adapter (pigplay), the
wire model (pigwire), the words (pigwords), the help (pighelp), the turn verbs (pigverbs) and the game type that
gathers them (pigtype); nothing outside the folder names Pig but its tests, which register it at run time.

The die is a script, so every game is the same."""
