"""The world model: rooms, who is where, and what is said. No sockets, no I/O."""
