"""The Strapi upstream sends Strapi v5's REST parameters and reads its answers and errors."""

from urllib.parse import parse_qsl, urlsplit

import pytest
import requests
import responses

from bff.cms.query import Filter, Query
from bff.cms.upstream import UpstreamError, UpstreamUnavailable
from bff.cms.upstream.strapi import StrapiUpstream

BASE = "http://cms.test"


def sent_params(call) -> list[tuple[str, str]]:
    return parse_qsl(urlsplit(call.request.url).query)


@responses.activate
def test_find_translates_paging_sort_filters_and_populate():
    body = {
        "data": [
            {
                "id": 31,
                "documentId": "abc",
                "public_id": 3,
                "title": "Endgames",
                "teacher": {"id": 12, "public_id": 4, "thumbnail": {"id": 9, "url": "/u.png"}},
                "chapters": [{"id": 5, "title": "One"}],
            }
        ],
        "meta": {"pagination": {"start": 24, "limit": 24, "total": 65}},
    }
    responses.get(f"{BASE}/api/lessons", json=body)
    query = Query(
        "lessons",
        start=24,
        limit=24,
        sort=(("title", "asc"),),
        filters=(Filter("teacher.id", (3, 4)), Filter("slug", ("x",))),
        populate={"teacher": {"thumbnail": {}}, "chapters": {}},
    )
    # Entries answer under their public id; media and components keep their own.
    assert StrapiUpstream(BASE, "tok", timeout=5).find(query) == {
        "data": [
            {
                "id": 3,
                "documentId": "abc",
                "title": "Endgames",
                "teacher": {"id": 4, "thumbnail": {"id": 9, "url": "/u.png"}},
                "chapters": [{"id": 5, "title": "One"}],
            }
        ],
        "meta": body["meta"],
    }
    params = sent_params(responses.calls[0])
    # What is published for a time to come stays off (bff/cms/scheduled.py, test_scheduled.py).
    assert [name for name, _ in params[-2:]] == [
        "filters[$and][0][$or][0][publish_at][$null]",
        "filters[$and][0][$or][1][publish_at][$lte]",
    ]
    assert params[:-2] == [
        ("pagination[start]", "24"),
        ("pagination[limit]", "24"),
        ("sort[0]", "title:asc"),
        ("sort[1]", "public_id:asc"),
        ("filters[teacher][public_id][$in][0]", "3"),
        ("filters[teacher][public_id][$in][1]", "4"),
        ("filters[slug][$in][0]", "x"),
        ("populate[chapters]", "true"),
        ("populate[teacher][populate][thumbnail]", "true"),
    ]
    assert responses.calls[0].request.headers["Authorization"] == "Bearer tok"


@responses.activate
def test_drafts_are_read_with_status_draft_and_the_same_token():
    responses.get(f"{BASE}/api/lessons", json={"data": [], "meta": {"pagination": {}}})
    responses.get(f"{BASE}/api/home-hub", json={"data": {"id": 2, "public_id": 1}})
    drafts = StrapiUpstream(BASE, "tok", timeout=5).drafts()
    drafts.find(Query("lessons"))
    assert drafts.single("home-hub", {}) == {"data": {"id": 1}}
    for call in responses.calls:
        assert ("status", "draft") in sent_params(call)
        assert call.request.headers["Authorization"] == "Bearer tok"


@responses.activate
def test_single_type_missing_is_none():
    responses.get(
        f"{BASE}/api/home-hub",
        status=404,
        json={
            "data": None,
            "error": {
                "status": 404,
                "name": "NotFoundError",
                "message": "Not Found",
                "details": {},
            },
        },
    )
    assert StrapiUpstream(BASE, None, timeout=5).single("home-hub", {}) is None


@responses.activate
def test_a_refused_query_is_an_upstream_error():
    responses.get(
        f"{BASE}/api/lessons",
        status=400,
        json={
            "data": None,
            "error": {
                "status": 400,
                "name": "ValidationError",
                "message": "Invalid key foo",
                "details": {},
            },
        },
    )
    with pytest.raises(UpstreamError, match="Invalid key foo") as raised:
        StrapiUpstream(BASE, None, timeout=5).find(Query("lessons"))
    assert raised.value.status == 400


@pytest.mark.parametrize(
    "failure",
    [
        {"status": 502, "body": "Bad gateway"},
        {"body": requests.ConnectionError("refused")},
        {"body": requests.Timeout("slow")},
        {"status": 200, "body": "<html>maintenance</html>"},
    ],
)
@responses.activate
def test_failures_on_strapis_side_make_it_unavailable(failure):
    responses.get(f"{BASE}/api/lessons", **failure)
    with pytest.raises(UpstreamUnavailable):
        StrapiUpstream(BASE, None, timeout=5).find(Query("lessons"))


@responses.activate
def test_calls_carry_the_timeout():
    responses.get(
        f"{BASE}/api/lessons",
        json={"data": [], "meta": {"pagination": {"start": 0, "limit": 1, "total": 0}}},
    )
    StrapiUpstream(BASE, None, timeout=2.5).find(Query("lessons"))
    assert responses.calls[0].request.req_kwargs["timeout"] == 2.5
