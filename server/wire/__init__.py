"""What goes over the wire, whatever the transport: the JSON-lines protocol and the base of every wire model (protocol,
wiremodel), where a connection's output goes (sink, jsonsink), clean lines from a hostile byte stream (lines) and TLS
(tls)."""
