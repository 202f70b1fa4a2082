"""The footer: social links from the CMS and the newsletter sign-up (/content)."""
