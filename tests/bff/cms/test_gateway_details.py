"""The /cms details over HTTP on the embedded store: shapes, locks, 404s, readers, hub and pages."""

import pytest

from ..builders import error_of
from .gateway_support import get


def test_a_free_lesson_plays_for_a_guest(client):
    free = next(
        c for c in get(client, "/cms/lessons?_limit=100") if c["subscription_level"] == "free"
    )
    lesson = get(client, f"/cms/lessons/{free['id']}")
    assert lesson["locked"] is False
    assert lesson["chapters"] and all(ch["video_id"] for ch in lesson["chapters"])
    assert {"description", "description_short", "teacher", "lesson_category"} <= lesson.keys()


def test_a_pro_lesson_is_403_for_a_guest_and_a_free_member_but_plays_for_pro(client, member):
    pro = next(
        c for c in get(client, "/cms/lessons?_limit=100") if c["subscription_level"] == "pro"
    )
    assert pro["locked"] is True
    assert error_of(client.get(f"/cms/lessons/{pro['id']}"), 403)["code"] == "content_locked"
    assert (
        error_of(client.get(f"/cms/lessons/{pro['id']}", headers=member("free")), 403)["code"]
        == "content_locked"
    )
    lesson = get(client, f"/cms/lessons/{pro['id']}", headers=member("pro"))
    assert lesson["locked"] is False and lesson["chapters"][0]["video_id"]


@pytest.mark.parametrize(
    "path",
    [
        "/cms/lessons/9999",
        "/cms/programs/9999",
        "/cms/program-chapters/9999",
        "/cms/articles/9999",
        "/cms/videos/9999",
        "/cms/masterclass_episodes/9999",
        "/masterclasses/no-such-slug",
        "/cms/legal-pages/nope",
    ],
)
def test_missing_entries_are_404s_with_a_code(client, path):
    assert error_of(client.get(path), 404)["code"] == "not_found"


def test_program_detail(client, member):
    program = get(client, "/cms/programs/1", headers=member("pro"))
    assert program["bullet_points"] and program["chapters"]
    assert program["chapter_count"] == len(program["chapters"])
    assert [c["position"] for c in program["chapters"]] == sorted(
        c["position"] for c in program["chapters"]
    )
    assert all(c["lesson_count"] >= 1 for c in program["chapters"])
    assert program["introduction_video"]["video_id"]
    assert program["related_program"]["id"] != program["id"]


def test_program_chapter_follows_its_program_lock(client, member):
    chapter_of_pro = next(
        p["chapters"][0]["id"]
        for p in [
            get(client, f"/cms/programs/{c['id']}", headers=member("pro"))
            for c in get(client, "/cms/programs?_limit=100")
        ]
        if p["subscription_level"] == "pro"
    )
    assert (
        error_of(client.get(f"/cms/program-chapters/{chapter_of_pro}"), 403)["code"]
        == "content_locked"
    )
    chapter = get(client, f"/cms/program-chapters/{chapter_of_pro}", headers=member("pro"))
    assert chapter["subchapters"] and all(s["video_id"] for s in chapter["subchapters"])
    assert chapter["program"]["id"] and chapter["chapters"]


def test_masterclass_with_offer_and_episodes(client):
    masterclass = get(client, "/masterclasses/masterclass")["data"]
    assert masterclass["iap"]["purchased"] is False
    assert masterclass["iap"]["price"] == {"price": "79.99", "currency": "USD"}
    assert len(masterclass["chapters"]) >= 3
    episodes = [e for c in masterclass["chapters"] for e in c["episodes"]]
    assert len(episodes) >= 15
    assert all(e["masterclass_episode_id"] == e["id"] for e in episodes)


def test_episode_with_its_chapter_siblings(client):
    masterclass = get(client, "/masterclasses/masterclass")["data"]
    free = next(e for c in masterclass["chapters"] for e in c["episodes"] if not e["locked"])
    episode = get(client, f"/cms/masterclass_episodes/{free['id']}")
    assert episode["video_id"]
    assert free["id"] in [e["id"] for e in episode["chapter"]]
    assert [e["position"] for e in episode["chapter"]] == sorted(
        e["position"] for e in episode["chapter"]
    )


def test_video_with_related(client, member):
    video = get(client, "/cms/videos/11", headers=member("pro"))
    assert video["video_id"] and video["video_category"]["name"] in (
        "Documentaries",
        "Chess Journeys",
    )
    assert video["related"] and all("video_id" not in r for r in video["related"])


def test_articles_newest_first_and_detail(client):
    articles = get(client, "/cms/articles?_limit=8&_start=0")
    assert len(articles) == 8
    assert [a["date_posted"] for a in articles] == sorted(
        (a["date_posted"] for a in articles), reverse=True
    )
    next_page = get(client, "/cms/articles?_limit=8&_start=8")
    assert not {a["id"] for a in articles} & {a["id"] for a in next_page}
    article = get(client, f"/cms/articles/{articles[0]['id']}")
    assert (
        article["content"] and article["author"]["name"] and article["author"]["avatar"]["formats"]
    )


def test_most_viewed_ranks_reads_and_falls_back_to_the_newest(client):
    newest = [a["id"] for a in get(client, "/cms/articles?_limit=3")]
    assert [a["id"] for a in get(client, "/cms/articles/mostviewed?_limit=3")] == newest
    for article_id, reads in ((5, 3), (9, 2), (12, 1)):
        for reader in range(reads):  # each a reader of their own: one counts once a day
            get(
                client,
                f"/cms/articles/{article_id}",
                environ_base={"REMOTE_ADDR": f"10.0.0.{reader}"},
            )
    assert [a["id"] for a in get(client, "/cms/articles/mostviewed?_limit=3")] == [5, 9, 12]
    topped_up = [a["id"] for a in get(client, "/cms/articles/mostviewed?_limit=5")]
    assert topped_up[:3] == [5, 9, 12] and len(topped_up) == 5


def test_home_hub_sections_in_order(client):
    home = get(client, "/cms/hubs/home")
    assert [s["target_type"] for s in home["sections"]] == [
        "masterclass_episodes",
        "programs",
        "lessons",
        "documentaries",
        "journeys",
        "news",
    ]
    for section in home["sections"]:
        assert section["items"], section["target_type"]
    news = home["sections"][-1]
    assert len(news["byRanking"]["data"]) == 3
    assert len(home["slideshow"]) == 4


def test_pages(client):
    tour = get(client, "/cms/grand-chess-tour")
    assert len(tour["events"]) == 5 and tour["live_video_id"]
    upgrade = get(client, "/cms/upgrade-page")
    assert len(upgrade["testimonials"]) == 3 and upgrade["learn"]["title"]
    for slug in (
        "terms",
        "refund-policy",
        "disclaimer",
        "acceptable-use",
        "dmca",
        "privacy",
        "cookie-policy",
    ):
        assert get(client, f"/cms/legal-pages/{slug}")["body"]


def test_seed_media_is_served(client):
    url = get(client, "/cms/lessons?_limit=1")[0]["thumbnail"]["formats"]["small"]["url"]
    image = client.get(url)
    assert image.status_code == 200 and image.mimetype == "image/webp"
    assert "max-age" in image.headers["Cache-Control"]
    assert client.get("/media/nothing/here.webp").status_code == 404


def test_a_reader_counts_once_a_day_however_often_they_ask(app, client):
    """720 requests from one browser no longer make an article the most viewed."""
    from bff.platform.extensions import db

    for _ in range(40):
        get(client, "/cms/articles/5", headers={"User-Agent": "Crawler/1.0"})
    for reader in range(2):
        get(client, "/cms/articles/9", environ_base={"REMOTE_ADDR": f"10.0.1.{reader}"})
    assert [a["id"] for a in get(client, "/cms/articles/mostviewed?_limit=2")] == [9, 5]
    # Another browser at the same address is another reader.
    get(client, "/cms/articles/5", headers={"User-Agent": "Other/2.0"})
    get(client, "/cms/articles/5", headers={"User-Agent": "Third/3.0"})
    assert [a["id"] for a in get(client, "/cms/articles/mostviewed?_limit=2")] == [5, 9]
    with app.app_context():
        readers = db.session.execute(db.text("SELECT reader FROM article_readers")).scalars()
        assert all(len(reader) == 64 and "10.0" not in reader for reader in readers)


def test_a_member_counts_once_a_day_from_any_address(client, member):
    headers = member()
    for address in ("10.0.2.1", "10.0.2.2", "10.0.2.3"):
        get(client, "/cms/articles/12", headers=headers, environ_base={"REMOTE_ADDR": address})
    get(client, "/cms/articles/9", environ_base={"REMOTE_ADDR": "10.0.3.1"})
    get(client, "/cms/articles/9", environ_base={"REMOTE_ADDR": "10.0.3.2"})
    assert [a["id"] for a in get(client, "/cms/articles/mostviewed?_limit=2")] == [9, 12]
