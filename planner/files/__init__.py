"""A plan on disk and in a repository: open/save by format (documents), the JSON
form, the .rackplan project store and the team repository."""
