"""A local OpenID issuer for the end-to-end tests, standing in for Google's.

It makes an RSA key at start, publishes it at /.well-known/jwks.json (with a discovery document
at /.well-known/openid-configuration), and mints ID tokens on request: POST /mint with a JSON
object of claims (`aud` and `sub` at least) answers {"id_token": ...}, signed with that key, with
`iss` set to its own address and `iat`/`exp` to now and ten minutes on.

scripts/e2e-server starts it on a free loopback port, gives its address to the BFF as
GOOGLE_TEST_ISSUER (which production refuses), and it writes that address to the file named by
--url-file so that the tests can ask it for tokens. It is test tooling: nothing of the
application imports it.
"""

from __future__ import annotations

import argparse
import json
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import jwt
from cryptography.hazmat.primitives.asymmetric import rsa

KEY_ID = "e2e-issuer-1"
TOKEN_SECONDS = 600


class Issuer:
    def __init__(self, url: str):
        self.url = url
        self._key = rsa.generate_private_key(public_exponent=65537, key_size=2048)

    def jwks(self) -> dict:
        jwk = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(self._key.public_key()))
        return {"keys": [{**jwk, "kid": KEY_ID, "alg": "RS256", "use": "sig"}]}

    def discovery(self) -> dict:
        return {
            "issuer": self.url,
            "jwks_uri": f"{self.url}/.well-known/jwks.json",
            "id_token_signing_alg_values_supported": ["RS256"],
        }

    def mint(self, claims: dict) -> str:
        now = int(time.time())
        body = {"email_verified": True, **claims, "iss": self.url, "iat": now}
        body.setdefault("exp", now + TOKEN_SECONDS)
        return jwt.encode(body, self._key, algorithm="RS256", headers={"kid": KEY_ID})


def handler_for(issuer: Issuer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (http.server's name)
            pages = {
                "/.well-known/jwks.json": issuer.jwks,
                "/.well-known/openid-configuration": issuer.discovery,
            }
            page = pages.get(self.path.split("?")[0])
            if page is None:
                self._answer(404, {"error": "not_found"})
            else:
                self._answer(200, page())

        def do_POST(self):  # noqa: N802
            if self.path != "/mint":
                return self._answer(404, {"error": "not_found"})
            length = int(self.headers.get("Content-Length") or 0)
            try:
                claims = json.loads(self.rfile.read(length) or b"{}")
            except ValueError:
                claims = None
            if not isinstance(claims, dict) or not claims.get("aud") or not claims.get("sub"):
                return self._answer(400, {"error": "a JSON object with aud and sub is needed"})
            return self._answer(200, {"id_token": issuer.mint(claims)})

        def _answer(self, status: int, body: dict) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format, *args):  # noqa: A002
            pass  # the server's own log is enough

    return Handler


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0, help="0: any free port")
    parser.add_argument("--url-file", type=Path, required=True, help="where to write its address")
    args = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", args.port), BaseHTTPRequestHandler)
    url = f"http://127.0.0.1:{server.server_address[1]}"
    server.RequestHandlerClass = handler_for(Issuer(url))
    # Written aside then renamed, so that a reader never sees half an address.
    draft = args.url_file.with_suffix(".draft")
    draft.write_text(url)
    draft.rename(args.url_file)
    server.serve_forever()


if __name__ == "__main__":
    main()
