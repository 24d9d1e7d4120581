"""Cosmic Wimpout on the server: its game type (wimpouttype), its turn verbs (wimpoutverbs) and its wire state
(wimpoutwire); its renderers are server.render's."""
