"""Terminal apps (Textual): play against bots and friends, and the table assistant."""
