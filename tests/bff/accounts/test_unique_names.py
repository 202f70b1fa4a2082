"""Names and addresses stay unique whatever their case, down in the database itself."""

from __future__ import annotations

import sqlalchemy as sa


def test_names_and_addresses_are_unique_whatever_their_case_in_the_database(app, clock):
    from bff.accounts.models import User
    from bff.platform.extensions import db

    def user(name: str, address: str) -> User:
        return User(
            username=name,
            username_key=name.lower(),
            email=address,
            email_key=address.lower(),
            created_at=clock(),
        )

    with app.app_context():
        db.session.add(user("Magnus", "m@example.com"))
        db.session.commit()
        for duplicate in (user("MAGNUS", "x@example.com"), user("other", "M@EXAMPLE.com")):
            db.session.add(duplicate)
            try:
                db.session.commit()
            except sa.exc.IntegrityError:
                db.session.rollback()
            else:
                raise AssertionError("a duplicate was stored")
