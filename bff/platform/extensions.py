"""Extensions created once, unbound; create_app binds them to each application."""

from flask_sqlalchemy import SQLAlchemy

from .database import Base
from .openapi import Api

db = SQLAlchemy(model_class=Base)
api = Api()
