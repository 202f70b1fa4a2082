"""The platform: configuration, database, errors, caching, mail, storage and HTTP plumbing.

It imports no domain (docs/architecture.md)."""
