# The Cosmic Wimpout MUCK server. The data directory (SQLite database) is a volume:
#   docker build -t cosmic-wimpout .
#   docker run -p 4201:4201 -p 4280:4280 -v cosmic-data:/data cosmic-wimpout   (telnet; the web client)
FROM python:3.11-slim

WORKDIR /app
COPY pyproject.toml README.md ./
COPY engine engine
COPY rooms rooms
COPY server server
# The solver's sweep is compiled (numba, about 30 s) and cached beside it here, once, not at the server's first solve.
RUN pip install --no-cache-dir . \
    && python -m engine solve --goal 100 > /dev/null \
    && useradd --system --home-dir /data cosmic \
    && mkdir -p /data && chown cosmic /data

# the page as 'docker run -p 4280:4280' serves it (connections reach the container's own address, not loopback);
# add the public address players open it at, e.g. '["http://localhost:4280", "https://play.example.org"]'
ENV COSMIC_DATA_DIR=/data \
    COSMIC_WEB__ALLOWED_ORIGINS='["http://localhost:4280"]' \
    PYTHONUNBUFFERED=1
VOLUME ["/data"]
EXPOSE 4201 4280
USER cosmic

# Healthy while the server answers on its web port (/health: 200 while serving, 503 once shutting down).
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:' + os.environ.get('COSMIC_WEB__PORT', '4280') + '/health', timeout=4)"]

# Exec form: the server's portal is PID 1 and receives SIGTERM from `docker stop`, then shuts down
# gracefully (its game process tells everyone, saves, closes) within limits.shutdown_grace seconds.
# `docker kill -s HUP <container>` reloads the game process without dropping anyone (docs/server.md).
CMD ["cosmic-wimpout"]
