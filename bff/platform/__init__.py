"""The platform: configuration, database, errors, caching, mail, storage, rate limits, the circuit
breaker and HTTP plumbing. It imports no domain (docs/architecture.md)."""
