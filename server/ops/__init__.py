"""The operator's tools and eyes: console commands and their words (console, consolewords), backups and store copies
(backups, storecopy), private files, the world's added wings (worldwings), the running figures and /metrics (figures,
metrics), and the watch on the store (storewatch)."""
