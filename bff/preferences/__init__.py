"""Members' preferences for the boards: colour theme, piece set and sounds (/users/preferences)."""
