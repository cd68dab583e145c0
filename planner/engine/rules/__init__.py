"""The engine's rule providers, one module a rule family (docs/engine.md, Findings): each
holds the pure functions of its family's checks and figures and names the finding codes
they emit. planner.engine.rack and planner.engine.core only run them and sum their results."""
