import pytest
import responses

from bff.cms.upstream import UpstreamUnavailable, make_upstream
from bff.cms.upstream.embedded import EmbeddedStore
from bff.cms.upstream.strapi import PING_TIMEOUT, StrapiUpstream
from bff.platform.config import Settings


def test_embedded_store_is_the_default(tmp_path):
    settings = Settings.from_environ({"BFF_INSTANCE_PATH": str(tmp_path)})
    assert make_upstream(settings, seed_path=tmp_path).kind == "embedded"


def test_strapi_is_used_when_cms_url_is_set(tmp_path):
    settings = Settings.from_environ(
        {"BFF_INSTANCE_PATH": str(tmp_path), "CMS_URL": "http://cms.test/", "CMS_TOKEN": "t"}
    )
    upstream = make_upstream(settings)
    assert upstream.kind == "strapi" and upstream.inner.base_url == "http://cms.test"
    assert upstream.breaker.name == "cms"


def test_embedded_store_needs_its_seed(tmp_path):
    (tmp_path / "index.json").write_text('{"content_types": []}')
    EmbeddedStore(tmp_path).ping()
    with pytest.raises(RuntimeError, match="seed content not found"):
        EmbeddedStore(tmp_path / "missing").ping()


@responses.activate
def test_strapi_ping_uses_the_health_route_and_the_token():
    responses.get("http://cms.test/_health", status=204)
    StrapiUpstream("http://cms.test", "secret-token", timeout=5).ping()
    assert responses.calls[0].request.headers["Authorization"] == "Bearer secret-token"


@responses.activate
def test_strapi_ping_fails_on_an_error_status():
    responses.get("http://cms.test/_health", status=503)
    with pytest.raises(UpstreamUnavailable, match="HTTP 503"):
        StrapiUpstream("http://cms.test", None, timeout=5).ping()


@responses.activate
def test_strapi_ping_waits_no_longer_than_a_health_check_does():
    responses.get("http://cms.test/_health", status=204)
    StrapiUpstream("http://cms.test", None, timeout=5).ping()
    assert responses.calls[0].request.req_kwargs["timeout"] == PING_TIMEOUT < 5
