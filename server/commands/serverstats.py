"""A wizard's ``@stats``: the server's running figures in words, the same ones ``/metrics`` gives Prometheus
(server.ops.figures, server.ops.metrics)."""

from __future__ import annotations

from server.commands.registry import command
from server.ops.figures import GameFigures, Latencies, PortalFigures
from server.session import Session


@command("@stats", wizard=True, category="admin")
async def stats(session: Session, args: str) -> None:
    """@stats

    The server's figures now, as /metrics gives them to Prometheus:
    connections by transport, players, commands a second and how long
    they take, tables by game and status, the store's commits, the
    solver's queue, reloads and restarts of the game process.
    """
    services = session.services
    holder = await services.holder_figures() if services.holder_figures is not None else None
    session.page("\n".join(words(services.figures(), holder or PortalFigures())), "info")


def words(game: GameFigures, holder: PortalFigures) -> list[str]:
    """The figures as lines for people."""
    by_transport = ", ".join(f"{kind} {count}" for kind, count in sorted(holder.connections.items()))
    tables = "; ".join(f"{kind}: " + ", ".join(f"{count} {status}" for status, count in sorted(by_status.items()))
                       for kind, by_status in sorted(game.tables.items())) or "none"
    return [
        f"Connections: {sum(holder.connections.values())} ({by_transport or 'none'}); players: {game.players}.",
        f"Commands: {game.commands.count} run, {game.commands_per_second:.1f} a second over the last minute; "
        f"{_timing(game.commands)}.",
        f"Tables: {tables}.",
        f"Store: {game.commits.count} commits, {_timing(game.commits)}; {game.commit_failures} failed.",
        f"Solver: {game.solves} solves under way.",
        f"Game process: {holder.reloads} reloads, {holder.restarts} restarts after a crash.",
    ]


def _timing(latencies: Latencies) -> str:
    half, most = latencies.quantile(0.5), latencies.quantile(0.99)
    if half is None:
        return "no timings yet" if not latencies.count else "half took over 10 s"
    return f"half within {_ms(half)}, 99% within {_ms(most) if most is not None else 'over 10 s'}"


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:g} ms"
