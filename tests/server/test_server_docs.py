"""The README's configuration table must match the real defaults."""

from __future__ import annotations

import json
import re
from pathlib import Path

from server.settings import load_settings

README = Path(__file__).parents[2] / "README.md"


def test_readme_configuration_table_matches_the_defaults(monkeypatch) -> None:
    monkeypatch.delenv("COSMIC_STORE__URL", raising=False)  # (the suite may run on PostgreSQL: not a default)
    monkeypatch.delenv("COSMIC_EVENT_LOOP", raising=False)  # (or on asyncio's loop: --loop asyncio)
    settings = load_settings().model_dump(mode="json")
    rows = re.findall(r"^\| `([a-z_.]+)` \| `([^`]*)` \|", README.read_text(), re.M)
    documented = {key: json.loads(value) for key, value in rows}
    sections = {key: settings.pop(key) for key in ("limits", "tables", "events", "ladder", "ratings", "funhouse", "letters",
                                                   "web", "store", "tls", "mssp", "metrics", "portal", "mail", "push", "notify",
                                                   "correspondence")}
    flat = {f"{s}.{k}": v for s, values in sections.items() for k, v in values.items()} | settings
    flat["world_file"] = flat["world_file"] or ""
    for path in ("tables.dice_script", "tls.certfile", "tls.keyfile", "push.private_key"):
        flat[path] = flat[path] or ""
    flat["data_dir"] = str(flat["data_dir"])
    assert documented == flat


def test_readme_connecting_names_each_protocol_and_how_to_turn_tls_on() -> None:
    section = README.read_text().partition("### MUD clients")[2].partition("\n### ")[0]
    for protocol in ("NAWS", "TTYPE", "MTTS", "EOR", "CHARSET", "MSSP", "GMCP", "MCCP2", "TLS", "MXP", "MSDP"):
        assert protocol in section, protocol
    assert "[tls]" in section and "certfile" in section and "keyfile" in section and "Let's Encrypt" in section
