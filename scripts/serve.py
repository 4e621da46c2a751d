"""Serve a built site (site/ or dist/) over HTTP on 127.0.0.1, with the right MIME types.

    python3 scripts/serve.py [--dir site] [--port 8000] [--prefix /] [--gzip]

``--prefix /some/path/`` serves the site under that sub-path only (as a static host would
for a project page).  ``--gzip`` compresses what a static host such as GitHub Pages
compresses (text, JavaScript, JSON, WebAssembly: COMPRESSED) with gzip, for a browser that
accepts it.  Also used by the e2e tests and the benchmarks (``start``), which read what was
sent over the wire from ``Server.sent``: each response's path, status and bytes, headers
included.
"""

from __future__ import annotations

import argparse
import contextlib
import email.utils
import functools
import gzip
import http.server
import io
import os
import sys
import threading
from dataclasses import dataclass
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


# What a static host compresses (GitHub Pages: text, scripts, JSON, WebAssembly; not images,
# fonts, archives or binary files, which are compressed already or served as they are).
COMPRESSED = ("text/", "application/javascript", "application/json",
              "application/manifest+json", "application/wasm", "image/svg+xml")
GZIP_LEVEL = 6  # zlib's default, and what hosts use where they say


@dataclass(frozen=True)
class Sent:
    """One response as it went over the wire."""

    path: str
    status: int
    bytes: int  # headers and body


class _Counting(io.RawIOBase):
    """The connection's writer, counting what goes through it."""

    def __init__(self, raw) -> None:
        self.raw = raw
        self.count = 0

    def writable(self) -> bool:
        return True

    def write(self, data) -> int:
        self.count += len(data)
        return self.raw.write(data)


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}
    prefix = "/"

    def setup(self) -> None:
        super().setup()
        self.wfile = _Counting(self.wfile)

    def finish(self) -> None:
        super().finish()
        status = getattr(self, "_status", 0)
        self.server.sent.append(Sent(getattr(self, "path", "?"), status, self.wfile.count))

    def send_response(self, code, message=None):
        self._status = code
        super().send_response(code, message)
        # As GitHub Pages does: a frame sandboxed without allow-same-origin (an opaque
        # origin) may then load the page's modules, which are fetched in CORS mode.
        self.send_header("Access-Control-Allow-Origin", "*")

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
        if self.server.gzip:
            gzipped = self._send_gzipped()
            if gzipped is not None:
                return gzipped
        return super().send_head()

    def _send_gzipped(self):
        """The headers of a file that a static host would compress, and its body gzipped; None
        for anything else (a folder's redirect, an image, a missing file)."""
        if "gzip" not in self.headers.get("Accept-Encoding", ""):
            return None
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?", 1)[0].endswith("/"):
            path = os.path.join(path, "index.html")
        ctype = self.guess_type(path)
        if not os.path.isfile(path) or not ctype.startswith(COMPRESSED):
            return None
        modified = os.stat(path).st_mtime
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            with contextlib.suppress(TypeError, ValueError, IndexError, OverflowError):
                if email.utils.parsedate_to_datetime(since).timestamp() >= int(modified):
                    self.send_response(304)
                    self.end_headers()
                    return None
        with open(path, "rb") as source:
            body = gzip.compress(source.read(), GZIP_LEVEL, mtime=0)
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(modified))
        self.end_headers()
        return io.BytesIO(body)

    def translate_path(self, path: str) -> str:  # only called for paths under the prefix
        return super().translate_path("/" + path[len(self.prefix):])

    def log_message(self, format, *args):  # quiet: the tests record requests themselves
        pass


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    gzip = False  # compress as a static host does (COMPRESSED)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.sent: list[Sent] = []  # what went over the wire, response by response

    def handle_error(self, request, client_address):
        # a browser that closes a tab or context mid-download is no error of the site
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(directory: Path, host: str = "127.0.0.1", port: int = 0, prefix: str = "/",
                gzip: bool = False):
    """A threading HTTP server for ``directory`` (not started); port 0 picks a free port."""
    if not prefix.startswith("/") or not prefix.endswith("/"):
        raise ValueError("prefix must start and end with '/'")
    handler = functools.partial(
        type("SiteHandler", (Handler,), {"prefix": prefix}), directory=str(directory)
    )
    server = Server((host, port), handler)
    server.gzip = gzip
    return server


def start(directory: Path, host: str = "127.0.0.1", port: int = 0, prefix: str = "/",
          gzip: bool = False):
    """Serve ``directory`` from a background thread; returns (server, base URL)."""
    server = make_server(directory, host, port, prefix, gzip)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{host}:{server.server_address[1]}{prefix}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", default="site")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--prefix", default="/")
    ap.add_argument("--gzip", action="store_true", help="compress as a static host does")
    args = ap.parse_args()
    server = make_server(Path(args.dir).resolve(), args.host, args.port, args.prefix, args.gzip)
    print(f"Serving {args.dir}/ at http://{args.host}:{server.server_address[1]}{args.prefix}"
          "  (Ctrl-C to stop)", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


if __name__ == "__main__":
    main()
