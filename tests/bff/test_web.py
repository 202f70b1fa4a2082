"""The BFF serves the built client: immutable assets, a revalidated shell, JSON for the API."""

import pytest


def test_hashed_assets_are_cached_for_a_year_and_immutable(client):
    response = client.get("/assets/main.1a2b3c4d.js")
    assert response.status_code == 200
    assert response.data == b"console.log('app');"
    cache = response.headers["Cache-Control"]
    assert "immutable" in cache and "max-age=31536000" in cache and "public" in cache


def test_missing_asset_is_a_404(client):
    response = client.get("/assets/main.00000000.js")
    assert response.status_code == 404
    assert response.get_json()["error"]["code"] == "not_found"


@pytest.mark.parametrize("path", ["/", "/home", "/lessons/12", "/register/email", "/apiary"])
def test_client_routes_get_the_shell_revalidated_every_time(client, path):
    """An unknown path too (a 404 whose client shows its not-found page): bff/pages."""
    response = client.get(path)
    assert response.status_code == (404 if path == "/apiary" else 200)
    assert response.mimetype == "text/html"
    assert b'<div id="root">' in response.data
    assert response.headers["Cache-Control"] == "no-cache"


def test_head_of_a_client_route(client):
    response = client.head("/home")
    assert response.status_code == 200 and response.data == b""


def test_root_files_are_served_as_themselves(client):
    robots = client.get("/robots.txt")
    assert robots.status_code == 200
    assert robots.mimetype == "text/plain"
    assert robots.data.startswith(b"User-agent")
    favicon = client.get("/favicon.ico")
    assert favicon.status_code == 200
    assert favicon.mimetype in ("image/vnd.microsoft.icon", "image/x-icon")


def test_the_service_worker_is_revalidated_on_every_visit(client):
    # A release's new service worker must take over at once, not a day later.
    worker = client.get("/sw.js")
    assert worker.status_code == 200
    assert worker.cache_control.no_cache
    assert not worker.cache_control.max_age
    assert client.get("/favicon.ico").cache_control.max_age == 24 * 3600


def test_a_missing_file_is_not_answered_with_html(client):
    response = client.get("/images/knight.png")
    assert response.status_code == 404
    assert response.is_json


@pytest.mark.parametrize(
    "path", ["/users/nothing", "/cms", "/cms/lessons/x/y", "/api/nothing", "/content"]
)
def test_unknown_api_paths_are_json_404s(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert response.get_json()["error"]["code"] == "not_found"


def test_post_to_a_client_route_is_405(client):
    response = client.post("/home")
    assert response.status_code == 405
    assert response.get_json()["error"]["code"] == "method_not_allowed"


@pytest.mark.parametrize(
    "path", ["/../secrets.json", "/assets/../../instance/secrets.json", "/%2e%2e/setup.cfg"]
)
def test_no_path_escapes_the_build(client, path):
    response = client.get(path)
    assert b"SECRET" not in response.data and b"[metadata]" not in response.data


def test_index_is_never_served_as_a_cached_file(client):
    response = client.get("/index.html")
    assert response.headers["Cache-Control"] == "no-cache"


def test_unbuilt_client_says_how_to_build_it(make_app, tmp_path):
    app = make_app(CLIENT_DIST=str(tmp_path / "nowhere"))
    response = app.test_client().get("/home")
    assert response.status_code == 503
    assert response.get_json()["error"]["code"] == "client_not_built"


@pytest.mark.parametrize(
    ("path", "location"),
    [("/cms//lessons", "/cms/lessons"), ("/cms///lessons?_limit=2", "/cms/lessons?_limit=2")],
)
def test_merging_slashes_redirects_within_the_site_whatever_the_host_header(client, path, location):
    """The redirect that merges slashes is relative to the site: a forged Host header does not
    send the visitor (or a cache) elsewhere; nobody keeps it, and its body is empty."""
    response = client.get(path, headers={"Host": "evil.example"})
    assert response.status_code == 308
    assert response.headers["Location"] == location
    assert "evil.example" not in response.get_data(as_text=True)
    assert response.data == b""
    assert response.headers["Cache-Control"] == "no-store"
