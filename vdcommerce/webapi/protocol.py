"""The HTTP/1.1 connection protocol ``vdcommerce serve`` runs: uvicorn's httptools protocol, except
that a request malformed at the HTTP level (a bad request line, a bad header, invalid chunked
encoding: whatever the parser refuses before the request reaches the application) is answered with
the platform's error body as JSON, not the server's plain-text 400. The connection is closed
afterwards, as before: once the parser has failed, nothing more on it can be read as a request.
"""
from __future__ import annotations

import orjson
from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol

MESSAGE = "Specified request cannot be processed."
_BODY = orjson.dumps({"message": MESSAGE})


class Protocol(HttpToolsProtocol):
    def send_400_response(self, msg: str) -> None:  # msg: the server's own text, kept for its log only
        content = [STATUS_LINE[400]]
        for name, value in self.server_state.default_headers:
            content.extend([name, b": ", value, b"\r\n"])
        content.extend([
            b"content-type: application/json; charset=utf-8\r\n",
            b"content-length: " + str(len(_BODY)).encode("ascii") + b"\r\n",
            b"connection: close\r\n",
            b"\r\n",
            _BODY,
        ])
        self.transport.write(b"".join(content))
        self.transport.close()
