"""The plan model: what a user builds (plan, edits), where things may go
(placement, geometry), names and the site's power region."""
