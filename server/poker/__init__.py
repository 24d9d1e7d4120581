"""New Cosmic Poker as a game type: options, storage, words per viewer (a hand only to its owner), wire model, help, verbs, results."""
