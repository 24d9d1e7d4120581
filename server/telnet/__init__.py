"""The telnet transport (plain and TLS), on telnetlib3: the negotiating protocol server (telnetserver), its reading
(intake) and writing (coalescing), the options it agrees to (negotiation), what the client says it shows (terminal),
and the sink that renders for it (telnetsink). Nothing outside this package knows a connection is telnet."""
