"""Cosmic Wimpout at a table: its adapter for the generic table (wimpoutplay) and its view of a table (wimpoutview)."""
