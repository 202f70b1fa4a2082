"""Accounts: registration, e-mail and social sign-in, sessions, profile, password recovery.

One module per concern (lookups, registration, confirmation, sign_in, profile, newsletter,
recovery), each plain Python: a function takes the session, the clock's `now` and the small
objects it needs (a Mailing, the hasher, the JWT secret), and raises ApiError with a catalogue
code. The routes (routes.py) hand them what the application context holds; domain.py declares
the domain to create_app.
"""
