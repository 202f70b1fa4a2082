"""A local OpenID issuer for the end-to-end tests, standing in for Google's and Apple's.

It makes an RSA key at start, publishes it at /.well-known/jwks.json (with a discovery document
at /.well-known/openid-configuration), and mints ID tokens on request: POST /mint with a JSON
object of claims (`aud` and `sub` at least) answers {"id_token": ...}, signed with that key, with
`iss` set to its own address and `iat`/`exp` to now and ten minutes on. That is Google's way:
the client gets the ID token itself.

Apple's way goes through a code: POST /authorize with a JSON object of `client_id`, `sub` and
the other claims (and the `redirect_uri` the client named, if any) answers {"code": ...}, as
Apple's sign-in window hands one to the page. POST /auth/token exchanges that code once, within
five minutes, as Apple's token endpoint does: a form of `grant_type=authorization_code`, `code`,
the same `client_id` (and `redirect_uri`) and a `client_secret`, the ES256 JWT the client signs
with its key (`kid` its key id, `iss` its team id, `sub` the client id, `aud` this issuer). With
--client-key it checks that JWT against the public half of that key (and --client-key-id and
--team-id when given); without, it only requires one. It answers Apple's errors
(`invalid_request`, `unsupported_grant_type`, `invalid_client`, `invalid_grant`) or an ID token
for the client id.

scripts/e2e-server starts it on a free loopback port, gives its address to the BFF as
GOOGLE_TEST_ISSUER and APPLE_TEST_ISSUER (which production refuses), and it writes that address
to the file named by --url-file so that the tests can ask it for tokens and codes. It is test
tooling: nothing of the application imports it.
"""

from __future__ import annotations

import argparse
import json
import secrets
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs

import jwt
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa

KEY_ID = "e2e-issuer-1"
TOKEN_SECONDS = 600
CODE_SECONDS = 300  # Apple's codes are good for five minutes, and once

# The paths the BFF uses for a test issuer (bff/accounts/social/issuer.py).
KEYS_PATH = "/.well-known/jwks.json"
TOKEN_PATH = "/auth/token"  # noqa: S105 (a path)


class Refused(Exception):
    """A token request refused with an OAuth error code, as Apple answers it."""

    def __init__(self, error: str, description: str):
        super().__init__(description)
        self.error = error
        self.description = description


@dataclass(frozen=True)
class Grant:
    client_id: str
    redirect_uri: str | None
    claims: dict
    expires: float


@dataclass(frozen=True)
class ClientKey:
    """How clients sign their client secrets: the public key, and the ids it must come with."""

    public_key: ec.EllipticCurvePublicKey | None = None
    key_id: str | None = None
    team_id: str | None = None


class Issuer:
    def __init__(self, url: str, client_key: ClientKey | None = None):
        self.url = url
        self._key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        self._client_key = client_key or ClientKey()
        self._grants: dict[str, Grant] = {}
        self._lock = threading.Lock()

    def jwks(self) -> dict:
        jwk = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(self._key.public_key()))
        return {"keys": [{**jwk, "kid": KEY_ID, "alg": "RS256", "use": "sig"}]}

    def discovery(self) -> dict:
        return {
            "issuer": self.url,
            "jwks_uri": f"{self.url}{KEYS_PATH}",
            "token_endpoint": f"{self.url}{TOKEN_PATH}",
            "token_endpoint_auth_methods_supported": ["client_secret_post"],
            "id_token_signing_alg_values_supported": ["RS256"],
        }

    def mint(self, claims: dict) -> str:
        now = int(time.time())
        body = {"email_verified": True, **claims, "iss": self.url, "iat": now}
        body.setdefault("exp", now + TOKEN_SECONDS)
        return jwt.encode(body, self._key, algorithm="RS256", headers={"kid": KEY_ID})

    def authorize(self, request: dict) -> str:
        """A code for the person `request` names, for its client id (and redirect URI)."""
        claims = {
            name: value
            for name, value in request.items()
            if name not in ("client_id", "redirect_uri")
        }
        code = f"c{secrets.token_hex(16)}.0.e2e.{secrets.token_urlsafe(12)}"
        grant = Grant(
            client_id=request["client_id"],
            redirect_uri=request.get("redirect_uri") or None,
            claims=claims,
            expires=time.time() + CODE_SECONDS,
        )
        with self._lock:
            self._grants[code] = grant
        return code

    def exchange(self, form: dict[str, str]) -> dict:
        """Apple's TokenResponse for a code handed out here; Refused otherwise."""
        missing = [
            name
            for name in ("grant_type", "code", "client_id", "client_secret")
            if not form.get(name)
        ]
        if missing:
            raise Refused("invalid_request", f"missing {', '.join(missing)}")
        if form["grant_type"] != "authorization_code":
            raise Refused("unsupported_grant_type", "only authorization_code is supported")
        client_id = form["client_id"]
        self._check_client_secret(form["client_secret"], client_id)
        with self._lock:
            # Used once, whatever happens next, as Apple does.
            grant = self._grants.pop(form["code"], None)
        if grant is None or grant.expires < time.time():
            raise Refused("invalid_grant", "the code is unknown, used or expired")
        if grant.client_id != client_id:
            raise Refused("invalid_grant", "the code was issued to another client")
        if grant.redirect_uri != (form.get("redirect_uri") or None):
            raise Refused("invalid_grant", "redirect_uri is not the one the code was issued for")
        id_token = self.mint({**grant.claims, "aud": client_id})
        return {
            "access_token": secrets.token_urlsafe(24),
            "token_type": "Bearer",
            "expires_in": 3600,
            "refresh_token": secrets.token_urlsafe(24),
            "id_token": id_token,
        }

    def _check_client_secret(self, secret: str, client_id: str) -> None:
        key = self._client_key
        try:
            header = jwt.get_unverified_header(secret)
            if key.public_key is None:
                return
            claims = jwt.decode(
                secret,
                key.public_key,
                algorithms=["ES256"],
                audience=self.url,
                options={"require": ["iss", "sub", "aud", "iat", "exp"]},
            )
        except jwt.PyJWTError as exc:
            raise Refused("invalid_client", f"client_secret: {exc}") from None
        if key.key_id and header.get("kid") != key.key_id:
            raise Refused("invalid_client", "client_secret: unknown kid")
        if key.team_id and claims["iss"] != key.team_id:
            raise Refused("invalid_client", "client_secret: iss is not the team id")
        if claims["sub"] != client_id:
            raise Refused("invalid_client", "client_secret: sub is not the client_id")


def handler_for(issuer: Issuer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (http.server's name)
            pages = {
                KEYS_PATH: issuer.jwks,
                "/.well-known/openid-configuration": issuer.discovery,
            }
            page = pages.get(self.path.split("?")[0])
            if page is None:
                self._answer(404, {"error": "not_found"})
            else:
                self._answer(200, page())

        def do_POST(self):  # noqa: N802
            path = self.path.split("?")[0]
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length)
            if path == TOKEN_PATH:
                form = {name: values[0] for name, values in parse_qs(body.decode()).items()}
                try:
                    return self._answer(200, issuer.exchange(form))
                except Refused as refused:
                    error = {"error": refused.error, "error_description": refused.description}
                    return self._answer(400, error)
            if path not in ("/mint", "/authorize"):
                return self._answer(404, {"error": "not_found"})
            try:
                request = json.loads(body or b"{}")
            except ValueError:
                request = None
            audience = "aud" if path == "/mint" else "client_id"
            if not isinstance(request, dict) or not request.get(audience) or not request.get("sub"):
                return self._answer(
                    400, {"error": f"a JSON object with {audience} and sub is needed"}
                )
            if path == "/authorize":
                return self._answer(200, {"code": issuer.authorize(request)})
            return self._answer(200, {"id_token": issuer.mint(request)})

        def _answer(self, status: int, body: dict) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Cache-Control", "no-store")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format, *args):  # noqa: A002
            pass  # the server's own log is enough

    return Handler


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0, help="0: any free port")
    parser.add_argument(
        "--leave-free",
        type=int,
        help="a port chosen for the site but not yet bound by it, which 'any free port' must skip",
    )
    parser.add_argument("--url-file", type=Path, required=True, help="where to write its address")
    parser.add_argument(
        "--client-key",
        type=Path,
        help="the PEM key clients sign their client secrets with (its public half checks them)",
    )
    parser.add_argument("--client-key-id", help="the kid client secrets must carry")
    parser.add_argument("--team-id", help="the iss client secrets must carry")
    args = parser.parse_args()
    client_key = ClientKey(key_id=args.client_key_id, team_id=args.team_id)
    if args.client_key:
        private = serialization.load_pem_private_key(args.client_key.read_bytes(), password=None)
        if not isinstance(private, ec.EllipticCurvePrivateKey):
            parser.error("--client-key must be an EC (P-256) key")
        client_key = ClientKey(private.public_key(), args.client_key_id, args.team_id)
    server = ThreadingHTTPServer(("127.0.0.1", args.port), BaseHTTPRequestHandler)
    while args.port == 0 and server.server_address[1] == args.leave_free:
        # The kernel may hand out the site's port before the site binds it: take another, bound
        # before that one is let go so that it is not handed out again.
        taken, server = server, ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler)
        taken.server_close()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    server.RequestHandlerClass = handler_for(Issuer(url, client_key))
    # Written aside then renamed, so that a reader never sees half an address.
    draft = args.url_file.with_suffix(".draft")
    draft.write_text(url)
    draft.rename(args.url_file)
    server.serve_forever()


if __name__ == "__main__":
    main()
