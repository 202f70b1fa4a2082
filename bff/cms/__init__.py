"""The /cms gateway: the headless CMS translated, cached and guarded for every caller."""
