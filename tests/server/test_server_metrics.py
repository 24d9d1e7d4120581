"""``/metrics`` (Prometheus' text format, ``[metrics]``) and a wizard's ``@stats``, the same figures in words: in one
process, through the portal (its figures and the game process's in one scrape), and scraped by a real Prometheus
(Debian's ``prometheus``; skipped where it is not installed)."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import subprocess
import urllib.parse
from pathlib import Path

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from support.clients import player
from support.portals import portal_server
from support.servers import free_port


async def scrape(port: int) -> dict[str, list[tuple[dict[str, str], float]]]:
    """Every sample of ``/metrics``, by name: its labels and value."""
    async with aiohttp.ClientSession() as http, http.get(f"http://127.0.0.1:{port}/metrics") as answer:
        assert answer.status == 200 and answer.headers["Content-Type"].startswith("text/plain; version=0.0.4")
        text = await answer.text()
    samples: dict[str, list[tuple[dict[str, str], float]]] = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            samples.setdefault(sample.name, []).append((sample.labels, sample.value))
    return samples


def one(samples: dict[str, list[tuple[dict[str, str], float]]], name: str, **labels: str) -> float:
    return next(value for found, value in samples[name] if labels.items() <= found.items())


async def test_metrics_are_off_unless_enabled(make_server) -> None:
    async with make_server(metrics={"port": 0}) as server:
        assert server.metrics is None


async def test_metrics_and_stats_in_one_process(make_server) -> None:
    async with make_server(metrics={"enabled": True, "port": 0}) as server:
        assert server.metrics is not None
        async with player(server, "Wizard") as wiz, player(server, "Bea") as bea:
            await bea.command("table open", "You sit down at table 1.")
            for _ in range(5):
                await bea.command("say hi", "You say")
            samples = await scrape(server.metrics.port)
            assert one(samples, "cosmic_connections", transport="telnet") == 2
            assert one(samples, "cosmic_players") == 2
            assert one(samples, "cosmic_commands_total") >= 7
            assert one(samples, "cosmic_command_seconds_count") == one(samples, "cosmic_commands_total")
            assert one(samples, "cosmic_command_seconds_bucket", le="+Inf") == one(samples, "cosmic_commands_total")
            assert one(samples, "cosmic_tables", game_type="wimpout", status="waiting") == 1
            assert one(samples, "cosmic_store_commit_seconds_count") > 0
            assert one(samples, "cosmic_store_commit_failures_total") == 0
            assert one(samples, "cosmic_solver_queue") == 0 and one(samples, "cosmic_reloads_total") == 0
            said = await wiz.command("@stats", r"(?s)Connections:.*Game process:[^\n]*")
            assert "Connections: 2 (telnet 2, tls 0, web 0); players: 2." in said
            assert "wimpout: 1 waiting" in said and "0 failed" in said
            await bea.command("@stats", "Permission denied")  # wizards only


@pytest.mark.slow
async def test_metrics_through_the_portal_have_both_processes_figures(tmp_path: Path) -> None:
    """The portal serves /metrics (it keeps the listeners): its connections, reloads and restarts, and the game
    process's commands, tables and store at each scrape; a reload and a crash counted; @stats says the same."""
    port = free_port()
    async with portal_server(tmp_path, COSMIC_METRICS__ENABLED="true", COSMIC_METRICS__PORT=str(port)) as server:
        async with player(server, "Wiz") as wiz, player(server, "Bea") as bea:  # type: ignore[arg-type]
            await bea.command("table open", "You sit down at table 1.")
            samples = await scrape(port)
            assert one(samples, "cosmic_connections", transport="telnet") == 2
            assert one(samples, "cosmic_tables", game_type="wimpout", status="waiting") == 1
            assert one(samples, "cosmic_commands_total") >= 3 and one(samples, "cosmic_game_up") == 1
            code, said = await server.console("reload")
            assert code == 0, said
            await server.health_when(lambda figures: figures["reloads"] == 1 and figures["status"] == "ok")
            await bea.command("say back", "You say")
            samples = await scrape(port)
            assert one(samples, "cosmic_reloads_total") == 1 and one(samples, "cosmic_game_restarts_total") == 0
            assert one(samples, "cosmic_tables", game_type="wimpout", status="waiting") == 1
            said = await wiz.command("@stats", r"(?s)Connections:.*Game process:[^\n]*")
            assert "Connections: 2 (telnet 2, tls 0, web 0)" in said and "1 reloads, 0 restarts" in said
            os.kill((await server.health())["game_pid"], signal.SIGKILL)
            await server.health_when(lambda figures: figures["status"] == "ok" and figures["game_uptime"] is not None)
            await bea.command("say again", "You say")
            samples = await scrape(port)
            assert one(samples, "cosmic_game_restarts_total") == 1 and one(samples, "cosmic_reloads_total") == 1


PROMETHEUS = shutil.which("prometheus")


@pytest.mark.slow
@pytest.mark.skipif(PROMETHEUS is None, reason="Debian's prometheus is not installed (apt-get install prometheus)")
async def test_a_real_prometheus_scrapes_the_portal(tmp_path: Path) -> None:
    port, api = free_port(), free_port()
    config = tmp_path / "prometheus.yml"
    config.write_text("global:\n  scrape_interval: 1s\nscrape_configs:\n  - job_name: cosmic\n    static_configs:\n"
                      f"      - targets: ['127.0.0.1:{port}']\n")
    async with portal_server(tmp_path, COSMIC_METRICS__ENABLED="true", COSMIC_METRICS__PORT=str(port)) as server:
        async with player(server, "Bea") as bea:  # type: ignore[arg-type]
            await bea.command("say hello", "You say")
            prometheus = subprocess.Popen(
                [str(PROMETHEUS), f"--config.file={config}", f"--storage.tsdb.path={tmp_path / 'tsdb'}",
                 f"--web.listen-address=127.0.0.1:{api}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            try:
                query = urllib.parse.quote('cosmic_connections{transport="telnet"}')
                async with asyncio.timeout(60), aiohttp.ClientSession() as http:
                    while True:
                        await asyncio.sleep(0.5)
                        try:
                            async with http.get(f"http://127.0.0.1:{api}/api/v1/query?query={query}") as answer:
                                result = json.loads(await answer.text())["data"]["result"]
                        except (aiohttp.ClientError, KeyError):
                            continue
                        if result:
                            break
                    async with http.get(f"http://127.0.0.1:{api}/api/v1/targets") as answer:
                        [target] = json.loads(await answer.text())["data"]["activeTargets"]
            finally:
                prometheus.terminate()
                prometheus.wait(10)
    assert result[0]["value"][1] == "1"
    assert target["health"] == "up" and not target["lastError"]
