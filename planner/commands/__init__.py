"""Headless subcommands, one module each (see planner.cli)."""
