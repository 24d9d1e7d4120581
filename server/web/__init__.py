"""The web transport: the HTTP port and its views (httpserver), a browser's WebSocket as a session
(websocket), and the page's own files (page/: plain HTML, CSS and JavaScript)."""
