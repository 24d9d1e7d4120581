"""Cosmic Wimpout on the server: its game type (wimpouttype), its turn verbs (wimpoutverbs), its wire state
(wimpoutwire), its words (eventwords, cubeart, board, statusprompt, replaytext, hinttext) and its solved tables
(solutions, solving)."""
