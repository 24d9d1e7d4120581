"""The base of every wire model (JSON mode, GMCP, the web): the envelope's in server.protocol, each game's table
state in its own folder."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class WireModel(BaseModel):
    """Built on first use (``defer_build``): only JSON-mode clients need the models, and building them all took
    about 3 ms of every start."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)
