"""Headless subcommands, one module each (see planner.commands.cli)."""
