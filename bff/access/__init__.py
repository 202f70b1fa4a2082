"""Who is asking, what they may play and pay, their access token and the time.

This layer sits between the platform and the domains (docs/architecture.md): it names the
concepts and reads nothing of any domain's tables itself. How an account and its rights are read
(one query over accounts and billing tables) is billing's, handed in as the viewer's
``AccountReading``."""
