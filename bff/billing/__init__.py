"""Billing: what each viewer is entitled to, and (later) plans, checkout and purchases."""
