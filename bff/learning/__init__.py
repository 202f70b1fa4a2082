"""Learning: progress, where each member stopped, exercises and Continue learning (/content)."""
