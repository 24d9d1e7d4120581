"""What the tests share: servers on loopback, clients of every kind, loaded dice, the in-memory command harness,
the referee, and the test game Pig."""
