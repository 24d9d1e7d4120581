"""New Cosmic Poker at a table: the adapter (pokerplay) and its view and table events (pokerview)."""
