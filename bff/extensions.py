"""Extensions created once, unbound; create_app binds them to each application."""

from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_sqlalchemy import SQLAlchemy

from .database import Base
from .openapi import Api

db = SQLAlchemy(model_class=Base)
api = Api()
# Storage comes from RATELIMIT_STORAGE_URI (Redis when REDIS_URL is set, else memory), set in
# create_app; a breach raises a 429 that the error handlers turn into `rate_limited`. Should the
# storage fail, requests pass and the failure is logged (the health check reports Redis).
limiter = Limiter(key_func=get_remote_address, headers_enabled=True, swallow_errors=True)
