"""Serve a built site (site/ or dist/) over HTTP on 127.0.0.1, with the right MIME types.

    python3 scripts/serve.py [--dir site] [--port 8000] [--prefix /]

``--prefix /some/path/`` serves the site under that sub-path only (as a static host would
for a project page).  Also used by the e2e tests and the boot benchmark (``start``).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import sys
import threading
from pathlib import Path
from typing import ClassVar

TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/x-python; charset=utf-8",
    ".html": "text/html; charset=utf-8",
    ".zip": "application/zip",
    ".png": "image/png",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}
    prefix = "/"

    def send_head(self):
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path + "/" == self.prefix:  # the site's folder without its slash
            self.send_response(301)
            self.send_header("Location", self.prefix)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        if not path.startswith(self.prefix):
            self.send_error(404, "Not under " + self.prefix)
            return None
        return super().send_head()

    def translate_path(self, path: str) -> str:  # only called for paths under the prefix
        return super().translate_path("/" + path[len(self.prefix):])

    def log_message(self, format, *args):  # quiet: the tests record requests themselves
        pass


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # a browser that closes a tab or context mid-download is no error of the site
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(directory: Path, host: str = "127.0.0.1", port: int = 0, prefix: str = "/"):
    """A threading HTTP server for ``directory`` (not started); port 0 picks a free port."""
    if not prefix.startswith("/") or not prefix.endswith("/"):
        raise ValueError("prefix must start and end with '/'")
    handler = functools.partial(
        type("SiteHandler", (Handler,), {"prefix": prefix}), directory=str(directory)
    )
    return Server((host, port), handler)


def start(directory: Path, host: str = "127.0.0.1", port: int = 0, prefix: str = "/"):
    """Serve ``directory`` from a background thread; returns (server, base URL)."""
    server = make_server(directory, host, port, prefix)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{host}:{server.server_address[1]}{prefix}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", default="site")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--prefix", default="/")
    args = ap.parse_args()
    server = make_server(Path(args.dir).resolve(), args.host, args.port, args.prefix)
    print(f"Serving {args.dir}/ at http://{args.host}:{server.server_address[1]}{args.prefix}"
          "  (Ctrl-C to stop)", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


if __name__ == "__main__":
    main()
