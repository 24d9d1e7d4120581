"""``GET /metrics`` in Prometheus' text format (``prometheus_client``), on a port of its own (``[metrics]``, off by
default, on 127.0.0.1: figures are for the operator, not the world). Served by the process that holds the
connections: the portal, with the game process's figures asked for at each scrape (server.ops.figures), or the server in
one process. Nothing is counted for it that is not counted anyway: the figures are read when scraped."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator
from typing import TYPE_CHECKING

import structlog
from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, HistogramMetricFamily, Metric
from prometheus_client.registry import Collector

from server.ops.figures import Figures, GameFigures, Latencies, PortalFigures
from server.settings import MetricsSettings

if TYPE_CHECKING:
    from aiohttp import web

log = structlog.get_logger()
PREFIX = "cosmic"
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
"""The text format every Prometheus reads (Debian 12's 2.42 among them): what ``generate_latest`` writes for these
names."""


class FiguresCollector(Collector):
    """The figures of both processes as Prometheus metric families."""

    def __init__(self, figures: Figures) -> None:
        self.game, self.portal = figures

    def collect(self) -> Iterator[Metric]:
        portal, game = self.portal, self.game
        connections = GaugeMetricFamily(f"{PREFIX}_connections", "Open connections, by transport", labels=["transport"])
        for transport, count in sorted(portal.connections.items()):
            connections.add_metric([transport], count)
        yield connections
        yield CounterMetricFamily(f"{PREFIX}_reloads", "Reloads of the game process (portal)", portal.reloads)
        yield CounterMetricFamily(f"{PREFIX}_game_restarts", "Game processes started again after one died",
                                  portal.restarts)
        yield GaugeMetricFamily(f"{PREFIX}_game_up", "Whether a game process serves the connections",
                                1 if game is not None and portal.game_up else 0)
        if game is None:
            return
        yield GaugeMetricFamily(f"{PREFIX}_players", "Players logged in", game.players)
        yield CounterMetricFamily(f"{PREFIX}_commands", "Commands run", game.commands.count)
        yield _histogram(f"{PREFIX}_command_seconds", "Time to run a command, its store commit included",
                         game.commands)
        tables = GaugeMetricFamily(f"{PREFIX}_tables", "Tables, by game type and status (playing: a game in play)",
                                   labels=["game_type", "status"])
        for game_type, by_status in sorted(game.tables.items()):
            for status, count in sorted(by_status.items()):
                tables.add_metric([game_type, status], count)
        yield tables
        yield _histogram(f"{PREFIX}_store_commit_seconds", "Time for a store transaction to be durable", game.commits)
        yield CounterMetricFamily(f"{PREFIX}_store_commit_failures", "Store transactions that failed",
                                  game.commit_failures)
        yield GaugeMetricFamily(f"{PREFIX}_solver_queue", "Solves of the optimal strategy under way", game.solves)


def _histogram(name: str, documentation: str, latencies: Latencies) -> HistogramMetricFamily:
    cumulative, buckets = 0, []
    for bound, count in zip((*map(str, latencies.bounds), "+Inf"), latencies.buckets):
        cumulative += count
        buckets.append((bound, cumulative))
    return HistogramMetricFamily(name, documentation, buckets=buckets, sum_value=latencies.total)


def exposition(figures: Figures) -> bytes:
    """Prometheus' text format of ``figures``."""
    registry = CollectorRegistry(auto_describe=False)
    registry.register(FiguresCollector(figures))
    return generate_latest(registry)


class MetricsEndpoint:
    """The ``/metrics`` port: each scrape reads the figures ``figures`` gathers then."""

    def __init__(self, runner: web.AppRunner, site: web.TCPSite) -> None:
        self._runner, self._site = runner, site

    @classmethod
    async def start(cls, settings: MetricsSettings, figures: Callable[[], Awaitable[Figures]]) -> MetricsEndpoint:
        from aiohttp import web

        async def scrape(_: web.Request) -> web.Response:
            body = exposition(await figures())
            return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE})

        app = web.Application()
        app.router.add_get("/metrics", scrape)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, settings.host, settings.port)
        await site.start()
        endpoint = cls(runner, site)
        log.info("metrics.started", host=settings.host, port=endpoint.port)
        return endpoint

    @property
    def port(self) -> int:
        return int(self._site._server.sockets[0].getsockname()[1])  # type: ignore[union-attr]

    async def stop(self) -> None:
        await self._runner.cleanup()
