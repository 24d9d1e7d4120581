"""The live tables of every game as the server runs them: opening, hosting and bringing them back after a restart
(hosting, restoring), what is kept beside each (livetable, tableclock, tablehold), who sits where (whereabouts), the
dice they are dealt (fairdice, tabledice), and what is said at them (ratednews, unheard). A game's own rules are in
rooms/ and engine/; its words and wire state in its own server folder."""
