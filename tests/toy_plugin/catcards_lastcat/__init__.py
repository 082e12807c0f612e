"""Last Cat: a toy game in its own package (CONTRIBUTING.md, "Add a game")."""
