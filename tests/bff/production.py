"""Settings a production application starts with (docs/settings.md), for tests that build one."""

PRODUCTION = {
    "BFF_ENV": "production",
    "SECRET_KEY": "production-secret-key-of-at-least-32-bytes",
    "JWT_SECRET_KEY": "production-jwt-secret-key-of-at-least-32-bytes",
    "MAIL_URL": "smtp://mail.example:25",
    "PUBLIC_BASE_URL": "https://chess.example",
}

# Stripe stands in for the sandbox, which never runs in production.
STRIPE = {"STRIPE_SECRET_KEY": "sk_test_1", "STRIPE_WEBHOOK_SECRET": "whsec_1"}
