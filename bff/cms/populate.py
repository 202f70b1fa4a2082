"""What each /cms answer needs populated from the upstream, said once per answer."""

IMAGE: dict = {}
LESSON_CARD = {"thumbnail": IMAGE, "difficulty_level": {}, "teacher": {}, "lesson_category": {}}
# A chapter's, subchapter's or episode's key positions and exercises (its PGN is a field).
LEARNING: dict = {"positions": {}, "exercises": {}}
LESSON = {**LESSON_CARD, "teacher": {"thumbnail": IMAGE}, "chapters": LEARNING}
PROGRAM_CARD = {
    "hero_image": IMAGE,
    "carousel_image": IMAGE,
    "trainers": {"thumbnail": IMAGE},
    "level": {},
    "topic": {},
    "chapters": {},
}
PROGRAM = {
    **PROGRAM_CARD,
    "bullet_points": {},
    "introduction_video": {"poster": IMAGE},
    "related_program": PROGRAM_CARD,
    # Exercises counted per chapter (a member's "k of l exercises solved").
    "chapters": {"subchapters": {"exercises": {}}},
}
PROGRAM_CHAPTER = {
    "subchapters": {**LEARNING, "poster": IMAGE},
    "program": {"chapters": {"subchapters": {"exercises": {}}}},
}
EPISODE = {**LEARNING, "thumbnail": IMAGE, "chapter": {"episodes": {"thumbnail": IMAGE}}}
MASTERCLASS = {"hero_image": IMAGE, "iap": {}}
MASTERCLASS_CHAPTERS = {"episodes": {"thumbnail": IMAGE}}
VIDEO_CARD = {"hero_image": IMAGE}
VIDEO = {"hero_image": IMAGE, "video_category": {}, "related_videos": VIDEO_CARD}
ARTICLE_CARD = {"hero_image": IMAGE}
ARTICLE = {"hero_image": IMAGE, "author": {"avatar": IMAGE}}
HOME = {"hero_image": IMAGE, "sections": {}, "slideshow": IMAGE}
TOUR = {"hero_image": IMAGE, "events": {}}
LIST_PAGE: dict = {}
UPGRADE_PAGE = {
    "welcome_benefits": {},
    "learn": {"image": IMAGE},
    "watch": {"image": IMAGE},
    "play": {"image": IMAGE},
    "testimonials": {"avatar": IMAGE},
}
