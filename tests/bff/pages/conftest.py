"""Pages as a scraper without JavaScript reads them: the HTML parsed by lxml, Open Graph and
JSON-LD extracted by extruct."""

from __future__ import annotations

import json

import extruct
import lxml.html
import pytest

from bff.cms.upstream import SEED_PATH

BASE = "https://chess.example"
SECRET = "webhook-secret"


@pytest.fixture
def app(make_app):
    return make_app(PUBLIC_BASE_URL=BASE, CMS_WEBHOOK_SECRET=SECRET)


def seed(name: str) -> list[dict]:
    return json.loads((SEED_PATH / f"{name}.json").read_text())


class Scraped:
    def __init__(self, html: str):
        self.html = html
        self.tree = lxml.html.fromstring(html)
        data = extruct.extract(html, base_url=BASE, syntaxes=["opengraph", "json-ld"])
        self.og = dict(data["opengraph"][0]["properties"]) if data["opengraph"] else {}
        self.json_ld: list[dict] = data["json-ld"]

    @property
    def title(self) -> str:
        return self.tree.findtext(".//head/title")

    def meta(self, name: str) -> str | None:
        found = self.tree.xpath(f'//head/meta[@name="{name}"]/@content')
        assert len(found) <= 1, f"{name} is there {len(found)} times"
        return found[0] if found else None

    @property
    def canonical(self) -> str | None:
        found = self.tree.xpath('//head/link[@rel="canonical"]/@href')
        return found[0] if found else None

    def typed(self, kind: str) -> dict:
        found = [item for item in self.json_ld if item.get("@type") == kind]
        assert len(found) == 1, f"{len(found)} {kind} in {self.json_ld}"
        return found[0]


def scrape(client, path: str, status: int = 200) -> Scraped:
    response = client.get(path)
    assert response.status_code == status, (path, response.status_code)
    assert response.mimetype == "text/html"
    return Scraped(response.get_data(as_text=True))
