"""The server as processes: what the console script runs and its command line (running, startargs), the event loop and
worker pools (eventloop, workerpools), one server per data directory (lockfile), systemd's readiness (notify)."""
