"""Cosmic Wimpout at a table: its adapter for the generic table (wimpoutplay), its view of a table (wimpoutview),
and the words of its rules (rulewords) and of its moves (turnwords)."""
