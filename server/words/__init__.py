"""What the server says: every fixed text in one place (texts, and posttexts beside it for play across days) and wrong
usage answered by the command's own usage line (usage)."""
