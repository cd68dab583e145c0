"""Files written from the app (PDF, tables, NetBox), run in the background."""
